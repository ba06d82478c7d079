import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays, shiftDays } from '../test/series';
import type { Transaction } from './types';

/**
 * A meal kit whose customer adds extras most weeks: its plan price is its most common amount
 * but under half its charges, the rest spread over the dearer weeks' several amounts. Together
 * they fill a weekly grid, so they are one weekly plan.
 */
describe(`${detectRecurring.name} — a meal kit with extras most weeks`, () => {
  /** Every Monday from 2025-11-03; `price(week)` is that week's charge, or null if skipped. */
  const mondays = (weeks: number, price: (week: number) => number | null): Transaction[] =>
    everyDays('2025-11-03', 7, weeks).flatMap((date, week) => {
      const amount = price(week);
      return amount === null ? [] : [charge(date, 'CRATEFUL BOX CO', amount)];
    });

  it('finds the plan price and its dearer weeks as one weekly stream', () => {
    // 30 weeks, 3 skipped; 11 at the plan price, 16 with one, two or three extras.
    const extras = [103.99, 109.98, 103.99, 115.97, 109.98, 103.99, 109.98, 103.99];
    let dearer = 0;
    const history = mondays(30, (week) => {
      if (week === 7 || week === 16 || week === 23) return null;
      if (week % 5 === 0 || week % 7 === 1) return 98;
      dearer++;
      return extras[dearer % extras.length] ?? 98;
    });
    const atPrice = history.filter((transaction) => transaction.amount === 98).length;
    expect(atPrice).toBeLessThan(history.length / 2);
    const streams = detectRecurring(history, { asOf: '2026-05-26' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });
});

/**
 * A weekly meal kit the catalogue knows, at one price, with a dearer week now and then; one
 * dearer amount happens to come about a quarter apart, the last of them the latest week's. Those
 * weeks are the plan's, so the latest charge is its latest bill and the next one is due a week
 * after it.
 */
describe(`${detectRecurring.name} — a meal kit whose dearer weeks fall a quarter apart`, () => {
  it('dates the next box from the latest week, though that week was a dearer one', () => {
    // Every Monday from 2025-11-03 to 2026-10-26 (52 weeks): $59.95, three weeks skipped,
    // $65.94 in weeks 12, 37 and 51 (the last), $83.91 in weeks 5, 28 and 50.
    const weeks = everyDays('2025-11-03', 7, 52);
    const history = weeks.flatMap((date, week) => {
      if (week === 9 || week === 21 || week === 40) return [];
      const amount = [12, 37, 51].includes(week)
        ? 65.94
        : [5, 28, 50].includes(week)
          ? 83.91
          : 59.95;
      return [charge(date, 'BLUE APRON 888-278-4349 NY', amount)];
    });
    const streams = detectRecurring(history, { asOf: '2026-10-28' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      last_amount: 65.94,
      predicted_next_date: '2026-11-02',
    });
  });
});

/**
 * A weekly meal kit whose first box came with extras, ten days before the first box at the
 * plan's price, and a year later one week at that dearer amount again: the two dearer charges
 * a year apart are the plan's weeks, not a yearly plan beside it.
 */
describe(`${detectRecurring.name} — a meal kit whose first box was a dearer one`, () => {
  it('reads the first box and a dearer week a year later as the weekly plan’s', () => {
    const weeks = everyDays('2025-05-12', 7, 77).filter((_, week) => week % 9 !== 4);
    const first = charge('2025-05-02', 'DEBIT CARD PURCHASE - HELLOFRESH', 95.94);
    const again = charge('2026-05-01', 'DEBIT CARD PURCHASE - HELLOFRESH', 95.94);
    const history = [
      first,
      ...weeks
        .filter((date) => date !== '2026-05-04')
        .map((date) => charge(date, 'DEBIT CARD PURCHASE - HELLOFRESH', 89.95)),
      again,
    ];
    const streams = detectRecurring(history, { asOf: '2026-11-02' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['WEEKLY']);
    expect(streams[0]?.transaction_ids).toEqual(expect.arrayContaining([first.id, again.id]));
  });
});

/**
 * A new weekly meal kit, thirteen weeks: two skipped, and three boxes with extras (up to a fifth
 * dearer) that fall in the weeks between those at the plan price, which alone fill every other
 * week. It is a weekly plan, and its next box is due a week after the latest, not two.
 */
describe(`${detectRecurring.name} — a meal kit whose plan-price weeks alone read fortnightly`, () => {
  it('reads the plan-price boxes and the dearer ones between them as one weekly plan', () => {
    const prices: Record<number, number> = { 3: 64.94, 7: 68.93, 11: 65.94 };
    const lags = [0, 1, 0, 2, 0, 1, 0, 0, 1, 0, 0, 1, 0];
    const history = everyDays('2026-08-04', 7, 13).flatMap((date, week) =>
      week === 2 || week === 6
        ? []
        : [
            charge(
              shiftDays(date, lags[week] ?? 0),
              'HOMECHEF.COM 872-225-2433',
              prices[week] ?? 55.95,
            ),
          ],
    );
    const streams = detectRecurring(history, { asOf: '2026-10-30' });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids.length])).toEqual([
      ['WEEKLY', history.length],
    ]);
    // The next box, a week after the latest (2026-11-03), within the days the bank may post it.
    const next = Date.parse(streams[0]?.predicted_next_date ?? '') - Date.parse('2026-11-03');
    expect(Math.abs(next / 86_400_000)).toBeLessThanOrEqual(3);
  });

  it('keeps a fortnightly plan with one dearer charge between its visits fortnightly', () => {
    // A cleaner every other Tuesday for a year, and once an extra visit in the week between.
    const visits = everyDays('2025-11-04', 14, 26).map((date) =>
      charge(date, 'CLEAN SWEEP HOUSEKEEPING', 120),
    );
    const extra = charge('2026-03-17', 'CLEAN SWEEP HOUSEKEEPING', 135);
    const streams = detectRecurring([...visits, extra], { asOf: '2026-10-30' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['BIWEEKLY']);
  });
});
