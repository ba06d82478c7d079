import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays } from './testing/series';
import type { Transaction } from './types';

/**
 * A weekly meal kit at a merchant the catalogue does not know: most weeks at its plan price, some
 * weeks dearer (extras), some skipped. Two shapes the grid alone used to lose: a price step that
 * comes with a skipped week, and a plan whose dearer weeks leave enough charges outside its
 * price level to look like a storefront's one-off purchases.
 */
describe(`${detectRecurring.name} — weekly plans with skipped and dearer weeks`, () => {
  const DESCRIPTOR = 'HUNGRYROOT AUSTIN TX';
  /** Weekly from 2025-08-18 (a Monday); `price(week)` is that week's charge, or null if skipped. */
  const kit = (weeks: number, price: (week: number) => number | null): Transaction[] =>
    everyDays('2025-08-18', 7, weeks).flatMap((date, week) => {
      const amount = price(week);
      return amount === null ? [] : [charge(date, DESCRIPTOR, amount)];
    });

  it('follows a price step across the skipped week that comes with it', () => {
    // 123.99 for 30 weeks, then 132.81 with two weeks in three dearer (extras); week 31 and a
    // few others skipped, so the new price alone fills too few of its slots to stand.
    const history = kit(56, (week) => {
      if ([4, 13, 22, 31, 40, 49].includes(week)) return null;
      if (week < 30) return 123.99;
      return [150.78, 138.8, 132.81][week % 3] ?? null;
    });
    const streams = detectRecurring(history, { asOf: '2026-09-10' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids.length).toBeGreaterThanOrEqual(history.length - 2);
  });

  it('keeps a long weekly plan whose dearer weeks fall outside the fill', () => {
    // 60 weeks at 59.99 with a skip every eighth week, and every ninth week a double box
    // (twice the price, too dear to fill a slot): strays beside a plan, not a storefront.
    const history = kit(60, (week) => {
      if (week % 8 === 7) return null;
      return week % 9 === 4 ? 119.98 : 59.99;
    });
    const streams = detectRecurring(history, { asOf: '2026-10-12' });
    expect(streams.map((stream) => stream.cadence)).toContain('WEEKLY');
    const weekly = streams.find((stream) => stream.cadence === 'WEEKLY');
    expect(weekly?.transaction_ids.length).toBeGreaterThanOrEqual(12);
  });
});
