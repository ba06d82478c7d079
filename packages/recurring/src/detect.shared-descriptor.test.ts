import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, charges, idsOf, monthly, shiftDays } from '../test/series';
import type { Transaction } from './types';

const AS_OF = '2026-10-31';

function onAccount(account: string, transactions: readonly Transaction[]): Transaction[] {
  return transactions.map((transaction) => ({ ...transaction, account_id: account }));
}

/** Posting jitter of a few days, the same for every test run. */
function jittered(dates: readonly string[], lags: readonly number[]): string[] {
  return dates.map((date, index) => shiftDays(date, lags[index % lags.length] ?? 0));
}

describe(`${detectRecurring.name} — two plans at one price under one descriptor`, () => {
  it('reads two monthly plans at one price on one card, billed days apart, as two streams', () => {
    const first = charges(
      jittered(monthly('2025-08-21', 15), [0, 1, 0, 3, 1, 1, 2]),
      'APPLE.COM/BILL 866-712-7753 CA',
      6.99,
    );
    const second = charges(
      jittered(monthly('2025-10-26', 13), [1, 0, 0, 2, 0, 1, 2]),
      'APPLE.COM/BILL 866-712-7753 CA',
      6.99,
    );
    const streams = detectRecurring(onAccount('card', [...first, ...second]), { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual([
      ['MONTHLY', idsOf(first)],
      ['MONTHLY', idsOf(second)],
    ]);
  });

  it('reads two monthly plans at one price on one card, bought a day apart, as two streams', () => {
    // The bank prints the day each purchase was made ("Card Purchase 10/04"): one plan on the
    // 4th and one on the 5th, each posted up to three days later.
    const purchases = (day: number, lags: readonly number[]): Transaction[] =>
      monthly(`2025-01-${String(day).padStart(2, '0')}`, 20).map((date, index) =>
        charge(
          shiftDays(date, lags[index % lags.length] ?? 0),
          `Card Purchase ${date.slice(5, 7)}/${date.slice(8)} AMZN DIGITAL*R${index}X${day} Card 5805`,
          11.99,
        ),
      );
    const fourth = purchases(4, [0, 1, 3, 1, 2, 0, 1]);
    const fifth = purchases(5, [1, 0, 2, 3, 0, 1, 1]);
    const streams = detectRecurring(onAccount('card', [...fourth, ...fifth]), { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, [...stream.transaction_ids].sort()])).toEqual([
      ['MONTHLY', idsOf(fourth).sort()],
      ['MONTHLY', idsOf(fifth).sort()],
    ]);
  });

  it('keeps one plan whose every bill posts twice, with its purchase day, as one stream', () => {
    // An authorisation and its settlement, both posted a day or two apart: each copy prints
    // the one day of the purchase.
    const bills = monthly('2025-01-04', 20);
    const copy = (lags: readonly number[]): Transaction[] =>
      bills.map((date, index) =>
        charge(
          shiftDays(date, lags[index % lags.length] ?? 0),
          `Card Purchase ${date.slice(5, 7)}/${date.slice(8)} APPLE.COM/BILL Card 5805`,
          9.99,
        ),
      );
    const streams = detectRecurring(
      onAccount('card', [...copy([0, 1, 0, 0, 1]), ...copy([1, 2, 2, 1, 3])]),
      { asOf: AS_OF },
    );
    expect(streams.length).toBeLessThanOrEqual(1);
  });

  it('reads a second plan at one price, a day apart, until its price rises as a plan of its own', () => {
    // Two people's plans at one price on their own cards, bought on the 5th and the 6th (the
    // bank prints the day): the second person's rises after 13 months, and the first skips
    // three. Under half the months hold two charges at the shared price.
    const purchases = (start: string, count: number, lags: readonly number[]): string[][] =>
      monthly(start, count).map((date, index) => [
        shiftDays(date, lags[index % lags.length] ?? 0),
        `POS PURCHASE APPLE.COM/BILL 866-712-7753 CA RALEIGH NC ${date.slice(5, 7)}/${date.slice(8)}`,
      ]);
    const first = onAccount(
      'debit',
      purchases('2024-06-05', 29, [1, 1, 1, 0, 1, 1, 4, 2, 0, 3])
        .filter((_, index) => ![13, 17, 21].includes(index))
        .map(([date, text]) => charge(date as string, text as string, 6.99)),
    );
    const second = onAccount(
      'credit',
      purchases('2024-06-06', 29, [1, 0, 3, 0, 1, 5, 0, 2, 4, 1]).map(([date, text], index) =>
        charge(date as string, text as string, index < 13 ? 6.99 : 7.8),
      ),
    );
    const streams = detectRecurring([...first, ...second], { asOf: '2026-10-31' });
    expect(streams.map((stream) => [stream.cadence, [...stream.transaction_ids].sort()])).toEqual([
      ['MONTHLY', idsOf(first).sort()],
      ['MONTHLY', idsOf(second).sort()],
    ]);
  });

  it('reads three store plans on the 5th, 14th and 24th as three monthly plans, not one weekly', () => {
    // Two at one price, the 14th's until its price rises, and a third a little dearer: together
    // a charge every nine or ten days, which a weekly plan skipping a week a month would fit.
    const descriptor = 'POS PURCHASE Apple.com/bill ITUNES.COM CA PORTLAND OR';
    const plan = (start: string, lags: readonly number[], prices: readonly number[]) =>
      monthly(start, 30).map((date, index) =>
        charge(
          shiftDays(date, lags[index % lags.length] ?? 0),
          `${descriptor} ${date.slice(5, 7)}/${date.slice(8)}`,
          prices[index] ?? (prices.at(-1) as number),
        ),
      );
    const fifth = plan('2024-05-05', [5, 2, 3, 1, 0, 2, 5, 3, 2], [6.99]);
    const fourteenth = plan(
      '2024-05-14',
      [0, 3, 1, 2, 1, 0, 3],
      [...Array<number>(12).fill(6.99), 7.82],
    );
    const twentyFourth = plan(
      '2024-05-24',
      [0, 4, 5, 2, 0, 2, 1],
      [...Array<number>(8).fill(10), 10.64],
    );
    const streams = detectRecurring(onAccount('card', [...fifth, ...fourteenth, ...twentyFourth]), {
      asOf: '2026-11-03',
    });
    expect(streams.map((stream) => [stream.cadence, [...stream.transaction_ids].sort()])).toEqual([
      ['MONTHLY', idsOf(fifth).sort()],
      ['MONTHLY', idsOf(fourteenth).sort()],
      ['MONTHLY', idsOf(twentyFourth).sort()],
    ]);
  });

  it('reads three yearly memberships at one price on one card as three streams', () => {
    const renewals = (dates: string[]) => charges(dates, 'AMZN DIGITAL SERVICES', 139);
    const march = renewals(['2025-03-19', '2026-03-20']);
    const may = renewals(['2025-05-07', '2026-05-07']);
    const later = renewals(['2025-05-12', '2026-05-12']);
    const monthlyPlan = charges(monthly('2025-03-24', 19), 'AMZN DIGITAL SERVICES', 11.99);
    const streams = detectRecurring(
      onAccount('card', [...march, ...may, ...later, ...monthlyPlan]),
      {
        asOf: AS_OF,
      },
    );
    expect(
      streams
        .filter((stream) => stream.cadence === 'YEARLY')
        .map((stream) => stream.transaction_ids),
    ).toEqual([idsOf(march), idsOf(may), idsOf(later)]);
  });

  it('reads three monthly plans at one price on one card, days apart in the month, as three streams', () => {
    // Without the split, the three fill a weekly grid that skips a week a month.
    const plan = (start: string, lags: readonly number[]) =>
      charges(jittered(monthly(start, 20), lags), 'APPLE.COM/BILL 866-712-7753 CA', 6.99);
    const plans = [
      plan('2025-02-03', [0, 1, 0, 2, 1, 1, 2]),
      plan('2025-02-12', [1, 0, 0, 2, 0, 1, 1]),
      plan('2025-02-21', [2, 0, 1, 0, 1, 2, 0]),
    ];
    const streams = detectRecurring(onAccount('card', plans.flat()), { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual(
      plans.map((history) => ['MONTHLY', idsOf(history)]),
    );
  });

  it('reads four plans at one price on four cards, a week apart in the month, as four streams', () => {
    // One App Store plan per person in a household, each on their own card: together a charge
    // about every week, but no weekly plan bills a different card from one week to the next.
    const plans = [
      ['debit', '2025-01-02', [0, 1, 0, 3, 1, 1, 2]],
      ['credit', '2025-01-09', [1, 0, 0, 2, 0, 1, 2]],
      ['joint', '2025-01-17', [2, 0, 1, 0, 1, 3, 0]],
      ['family', '2025-01-24', [0, 2, 1, 1, 0, 0, 1]],
    ] as const;
    const histories = plans.map(([account, start, lags]) =>
      onAccount(
        account,
        charges(jittered(monthly(start, 22), lags), 'APPLE.COM/BILL 866-712-7753 CA', 6.99),
      ),
    );
    const streams = detectRecurring(histories.flat(), { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, [...stream.transaction_ids].sort()])).toEqual(
      histories.map((history) => ['MONTHLY', idsOf(history).sort()]),
    );
  });

  it('reads two yearly memberships at one price, renewed in two months, as two streams', () => {
    const august = charges(['2024-08-23', '2025-08-25', '2026-08-25'], 'AMAZON.COM SERVICES', 139);
    const october = charges(['2024-10-28', '2025-10-27', '2026-10-28'], 'AMAZON.COM SERVICES', 139);
    const streams = detectRecurring(onAccount('card', [...august, ...october]), { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual([
      ['YEARLY', idsOf(august)],
      ['YEARLY', idsOf(october)],
    ]);
  });

  it('reads one price at a store on two days of the month as two monthly plans, not one semi-monthly', () => {
    const early = charges(
      jittered(monthly('2025-12-01', 11), [1, 4, 1, 2, 2, 0, 3]),
      'AMAZON.COM SERVICES',
      11.99,
    );
    const late = charges(
      jittered(monthly('2025-11-16', 12), [1, 3, 0, 1, 1, 2, 0]),
      'AMAZON.COM SERVICES',
      11.99,
    );
    const streams = detectRecurring(onAccount('card', [...early, ...late]), { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual([
      ['MONTHLY', idsOf(late)],
      ['MONTHLY', idsOf(early)],
    ]);
  });

  it('reads a second plan at one price that starts before the first ends as a plan of its own', () => {
    const first = onAccount(
      'debit',
      charges(
        jittered(monthly('2025-06-07', 9), [2, 1, 0, 1, 1, 3, 1]),
        'AMAZON.COM SERVICES',
        11.99,
      ),
    );
    const second = onAccount(
      'credit',
      charges(
        jittered(monthly('2026-01-16', 10), [0, 0, 1, 2, 1, 1, 0]),
        'AMAZON.COM SERVICES',
        11.99,
      ),
    );
    const streams = detectRecurring([...first, ...second], { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual([
      ['MONTHLY', idsOf(first)],
      ['MONTHLY', idsOf(second)],
    ]);
  });

  it('reads day passes at one price, one or two a month on any day, as no plan', () => {
    const dates = [
      '2024-04-17',
      '2024-04-23',
      '2024-05-11',
      '2024-05-22',
      '2024-06-16',
      '2024-07-03',
      '2024-07-14',
      '2024-08-02',
      '2024-08-18',
      '2024-09-13',
      '2024-09-19',
      '2024-10-01',
      '2024-10-31',
      '2024-11-27',
      '2024-12-12',
      '2025-01-03',
      '2025-01-25',
      '2025-02-13',
      '2025-03-05',
      '2025-03-28',
      '2025-04-03',
      '2025-04-28',
      '2025-05-20',
      '2025-06-09',
      '2025-06-29',
      '2025-07-18',
      '2025-08-08',
      '2025-08-17',
      '2025-09-15',
      '2025-10-01',
      '2025-10-10',
      '2025-10-28',
      '2025-11-09',
      '2025-11-23',
      '2025-12-29',
      '2026-01-25',
    ];
    const passes = charges(dates, 'BOULDER GYM DAY PASS', 22);
    expect(detectRecurring(onAccount('card', passes), { asOf: '2026-01-31' })).toEqual([]);
  });

  it('keeps one plan whose charges are each billed twice a day apart as one stream', () => {
    const dates = monthly('2025-06-10', 12);
    const plan = charges(dates, 'APPLE.COM/BILL 866-712-7753 CA', 9.99);
    const again = charges(jittered(dates, [1]), 'APPLE.COM/BILL 866-712-7753 CA', 9.99);
    const streams = detectRecurring(onAccount('card', [...plan, ...again]), { asOf: AS_OF });
    expect(streams.length).toBeLessThanOrEqual(1);
  });
});

describe(`${detectRecurring.name} — purchases at an app or video store from several cards`, () => {
  it('reads one price bought now on one card, now on another, as purchases', () => {
    const plan = onAccount(
      'card',
      charges(monthly('2025-05-05', 18), 'APPLE.COM/BILL 866-712-7753 CA', 10.99),
    );
    // One price now and then on whichever card is at hand, a quarter apart more often than not.
    const purchases = [
      ['2025-05-05', 'b', 1.99],
      ['2025-05-19', 'card', 1.99],
      ['2025-06-25', 'card', 2.99],
      ['2025-07-18', 'c', 9.99],
      ['2025-09-09', 'card', 1.99],
      ['2025-10-17', 'd', 14.99],
      ['2025-11-24', 'card', 1.99],
      ['2026-02-03', 'c', 14.99],
      ['2026-02-17', 'b', 1.99],
      ['2026-04-06', 'b', 19.99],
      ['2026-05-08', 'card', 4.99],
      ['2026-05-26', 'card', 1.99],
      ['2026-07-01', 'card', 2.99],
      ['2026-08-24', 'd', 1.99],
      ['2026-09-04', 'b', 1.99],
    ].map(([date, account, amount]) => ({
      ...charge(String(date), 'APPLE.COM/BILL 866-712-7753 CA', Number(amount)),
      account_id: String(account),
    }));
    const streams = detectRecurring([...plan, ...purchases], { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['MONTHLY', 10.99],
    ]);
  });
});

describe(`${detectRecurring.name} — a purchase just before a store plan's next bill`, () => {
  it('does not read a purchase days before the billing day as the plan’s new price', () => {
    const plan = onAccount(
      'card',
      charges(monthly('2025-06-04', 17), 'APPLE.COM/BILL 866-712-7753 CA', 6.99),
    );
    const purchases = onAccount('other', [
      charge('2025-07-10', 'APPLE.COM/BILL 866-712-7753 CA', 9.99),
      charge('2025-08-29', 'APPLE.COM/BILL 866-712-7753 CA', 14.99),
      charge('2025-12-29', 'APPLE.COM/BILL 866-712-7753 CA', 9.99),
      charge('2026-03-09', 'APPLE.COM/BILL 866-712-7753 CA', 1.99),
      charge('2026-10-30', 'APPLE.COM/BILL 866-712-7753 CA', 4.99),
    ]);
    const streams = detectRecurring([...plan, ...purchases], { asOf: '2026-10-31' });
    expect(
      streams.map((stream) => [stream.last_amount, stream.predicted_next_date, stream.status]),
    ).toEqual([[6.99, '2026-11-04', 'ACTIVE']]);
  });
});
