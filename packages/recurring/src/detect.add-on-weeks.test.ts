import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays } from '../test/series';
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
