import { describe, expect, it } from 'vitest';
import { formatHumanDate, parseIsoDate } from './dates';
import { detectRecurring } from './detect';
import type { Transaction } from './types';
import { charge, charges, everyDays, idsOf, monthly, shiftDays } from '../test/series';

/**
 * The stream shapes detection missed most on histories it was not built with: a
 * weekly plan whose Friday bill posts on Monday, a meal kit's dearer weeks, a first bill at an
 * introductory price, leftovers of a weekly plan that fall a quarter apart, a nail salon at one
 * price every few weeks, an app store's repeated prices.
 */

/** Weekly Friday bills from 2025-01-03: posted on the Friday, or after the weekend. */
function fridayBills(weeks: number, postedMonday: (week: number) => boolean): string[] {
  return everyDays('2025-01-03', 7, weeks).map((friday, week) =>
    postedMonday(week) ? shiftDays(friday, week % 5 === 0 ? 4 : 3) : friday,
  );
}

describe(`${detectRecurring.name} — a weekly bill posted after the weekend`, () => {
  it('finds a weekly plan billed on Fridays whose charges post on Friday, Monday or Tuesday', () => {
    // Every other week posts after the weekend: as many on Monday (or Tuesday) as on Friday.
    const history = charges(
      fridayBills(40, (week) => week % 2 === 1),
      'DOG WALKING CO 555-0134',
      95,
    );
    const streams = detectRecurring(history, { asOf: '2025-10-05' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });
});

describe(`${detectRecurring.name} — other prices in a plan's own slots`, () => {
  it("keeps a meal kit's dearer weeks (extra meals) in its weekly stream", () => {
    const dates = everyDays('2025-01-06', 7, 40);
    // Every fourth week has extras, each time a different number of them.
    const extras = [5.99, 11.98, 17.97, 23.96, 29.95, 35.94, 41.93, 8.99, 14.98, 20.97];
    const amounts = dates.map((_, week) =>
      week % 4 === 2 ? Math.round((59.99 + (extras[week >> 2] ?? 0)) * 100) / 100 : 59.99,
    );
    const history = charges(dates, 'EVERYPLATE.COM NY', amounts);
    const streams = detectRecurring(history, { asOf: '2025-10-10' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE', last_amount: 59.99 });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('counts a first bill at an introductory price as the first charge of the plan', () => {
    const dates = monthly('2025-02-14', 6);
    const history = charges(dates, 'BACKBLAZE INC', [7, 9, 9, 9, 9, 9]);
    const streams = detectRecurring(history, { asOf: '2025-07-20' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', first_date: '2025-02-14' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('joins three months at a third of the list price to the plan that follows', () => {
    const dates = monthly('2024-11-01', 24);
    const history = charges(
      dates,
      'PAYPAL *SPOTIFY',
      dates.map((_, month) => (month < 3 ? 4.99 : 15)),
    );
    const streams = detectRecurring(history, { asOf: '2026-10-20' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', first_date: '2024-11-01' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('joins a few months at a fifth of the price or less to the plan that follows', () => {
    // $4.99 for three months, then a family plan at $25.99; and two months at $4.99 before a
    // membership's $30 dues.
    const family = monthly('2025-10-23', 13);
    const dues = monthly('2024-05-06', 30);
    const history = [
      ...charges(
        family,
        'DEBIT CARD PURCHASE - SPOTIFY USA',
        family.map((_, month) => (month < 3 ? 4.99 : 25.99)),
      ),
      ...charges(
        dues,
        'THE Y METRO BRANCH WEB PMT',
        dues.map((_, month) => (month < 2 ? 4.99 : 30)),
      ),
    ];
    const streams = detectRecurring(history, { asOf: '2026-11-01' });
    expect(streams.map((stream) => [stream.first_date, stream.transaction_ids.length])).toEqual([
      ['2025-10-23', 13],
      ['2024-05-06', 30],
    ]);
  });

  it('joins three months at a dollar to the plan that follows', () => {
    const dates = monthly('2025-03-07', 20);
    const history = charges(
      dates,
      'TIDAL MUSIC AS',
      dates.map((_, month) => (month < 3 ? 0.99 : 13.95)),
    );
    const streams = detectRecurring(history, { asOf: '2026-10-20' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', first_date: '2025-03-07' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });
});

describe(`${detectRecurring.name} — a plan whose price changes now and then`, () => {
  it('reads a quarterly plan back at its first price a year later as quarterly, not yearly', () => {
    const dates = monthly('2025-10-06', 5, 6, 3);
    const history = charges(dates, 'SIRIUSXM 888-635-5144 NY', [32.97, 32.97, 34.99, 36.38, 32.97]);
    const streams = detectRecurring(history, { asOf: '2026-10-20' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['QUARTERLY']);
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });
});

describe(`${detectRecurring.name} — leftovers of a faster plan`, () => {
  it("reads a weekly meal kit's second boxes a quarter apart as part of the weekly plan", () => {
    const weekly = charges(everyDays('2025-01-07', 7, 45), 'HELLOFRESH 646-846-3663 NY', 79.92);
    // A second box in the same week, every thirteen weeks, at the same price.
    const seconds = everyDays('2025-02-06', 91, 4).map((date) =>
      charge(date, 'HELLOFRESH 646-846-3663 NY', 79.92),
    );
    const history = [...weekly, ...seconds];
    const streams = detectRecurring(history, { asOf: '2025-11-14' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['WEEKLY']);
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it("keeps a gym's yearly fee beside its monthly dues as a product of its own", () => {
    const dues = charges(monthly('2024-05-03', 24), 'LA FITNESS 949-255-7200 CA', 44.99);
    const fees = charges(['2024-06-03', '2025-06-03'], 'LA FITNESS 949-255-7200 CA', 49);
    const streams = detectRecurring([...dues, ...fees], { asOf: '2026-04-10' });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['MONTHLY', 44.99],
      ['YEARLY', 49],
    ]);
  });
});

describe(`${detectRecurring.name} — look-alikes that are not plans`, () => {
  it('does not report a nail salon visited at one price every four to six weeks', () => {
    // A run of eight visits at $45 that a moved billing day could pass for monthly, a long
    // break, then more visits; now and then a visit with a tip.
    const gaps = [38, 29, 41, 28, 33, 29, 35, 84, 31, 40, 27, 36, 30];
    const tips = new Map([
      [8, 51.75],
      [11, 53.1],
    ]);
    let day = '2024-12-27';
    const history: Transaction[] = [];
    gaps.forEach((gap, visit) => {
      history.push(charge(day, 'SQ *LUXE NAILS', tips.get(visit) ?? 45));
      day = shiftDays(day, gap);
    });
    expect(detectRecurring(history, { asOf: '2026-01-10' })).toEqual([]);
  });

  it('does not read app purchases at one price, also bought at other times, as a plan', () => {
    const store = 'APPLE.COM/BILL 866-712-7753 CA';
    // Three 19.99 purchases a quarter apart, and the same price bought twice besides.
    const history = [
      ...charges(['2025-07-15', '2025-10-15', '2026-01-15'], store, 19.99),
      ...charges(['2025-08-02', '2025-12-20'], store, 19.99),
      ...charges(
        ['2025-07-28', '2025-09-09', '2025-11-30', '2026-02-07'],
        store,
        [0.99, 4.99, 2.99, 9.99],
      ),
    ];
    expect(detectRecurring(history, { asOf: '2026-02-20' })).toEqual([]);
  });
});

describe(`${detectRecurring.name} — one merchant under several spellings`, () => {
  it('finds a weekly plan whose charges alternate between spellings of its name', () => {
    const spellings = ['SQ *TIGERROCK MARTIAL', 'TIGER ROCK MARTIAL ARTS', 'TIGER ROCK MA 8873'];
    const history = everyDays('2025-01-07', 7, 30).map((date, week) =>
      charge(date, spellings[(week * 7) % 3] as string, 45),
    );
    const streams = detectRecurring(history, { asOf: '2025-08-01' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('finds a monthly plan whose two spellings share no start, each month under either', () => {
    // Posted a day or two after the 5th now and then.
    const lags = [0, 0, 0, 0, 1, 2, 1, 0, 1, 2, 2, 1];
    const dates = monthly('2025-11-05', 12).map((date, month) => shiftDays(date, lags[month] ?? 0));
    const spelledOut = new Set([0, 1, 2, 5, 8, 11]);
    const history = dates.map((date, month) =>
      charge(date, spelledOut.has(month) ? 'DZR*DEEZER PREMIUM' : 'DEEZER', 13.49),
    );
    const streams = detectRecurring(history, { asOf: '2026-10-20' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['MONTHLY']);
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('keeps two plans apart when one name begins with the other and the prices differ', () => {
    const history = [
      ...charges(monthly('2025-01-05', 8), 'ACME GYM', 30),
      ...charges(monthly('2025-01-20', 8), 'ACME GYMNASTICS', 85),
    ];
    expect(detectRecurring(history, { asOf: '2025-08-25' })).toHaveLength(2);
  });
});

describe(`${detectRecurring.name} — the purchase date a bank prints`, () => {
  it('reads a weekly plan by the purchase dates in its descriptors, however late each posted', () => {
    const lags = [0, 4, 1, 5, 2, 3, 0, 5, 1, 4];
    const history = everyDays('2025-03-04', 7, 30).map((tuesday, week) => {
      const [, month, day] = tuesday.split('-');
      const lag = lags[week % lags.length] as number;
      return charge(
        shiftDays(tuesday, lag),
        `PURCHASE AUTHORIZED ON ${month}/${day} ROVER.COM`,
        80,
      );
    });
    const streams = detectRecurring(history, { asOf: '2025-09-26' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
    // The next Tuesday (Sep 30), posted as late as this plan's charges usually post: 3 days.
    expect(streams[0]?.predicted_next_date).toBe('2025-10-03');
    // Dates said are the bank's own, as in the list of charges.
    const lastPosted = history.at(-1)?.date ?? '';
    expect(streams[0]?.last_date).toBe(lastPosted);
    expect(streams[0]?.evidence.join(' ')).toContain(formatHumanDate(parseIsoDate(lastPosted)));
  });
});
