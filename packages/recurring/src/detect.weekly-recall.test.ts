import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays } from '../test/series';
import { formatIsoDate, parseIsoDate } from './dates';
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

  it('keeps a plan whose dearer weeks hold a quarter of its slots, before a price step, one stream', () => {
    // A meal kit bought on Sundays and posted 0–5 days later with the purchase date printed
    // (a rough seeded variation): 30 weeks at 89.95 with seven dearer weeks and two skipped, so
    // the base price alone fills under three slots in four, then 106.50 with a few dearer
    // weeks. Read alone, the base price's alternate weeks used to come out as two semi-monthly
    // plans beside the weekly one. Per charge: days after the first purchase, posting lag, amount.
    const weeks: Array<[number, number, number]> = [
      [0, 1, 89.95],
      [7, 1, 101.93],
      [14, 0, 89.95],
      [21, 5, 101.93],
      [28, 0, 89.95],
      [35, 0, 89.95],
      [42, 0, 107.92],
      [49, 0, 89.95],
      [56, 0, 89.95],
      [63, 2, 89.95],
      [70, 0, 89.95],
      [77, 0, 89.95],
      [84, 2, 89.95],
      [91, 3, 89.95],
      [98, 0, 89.95],
      [105, 1, 89.95],
      [112, 0, 89.95],
      [119, 1, 107.92],
      [126, 1, 89.95],
      [133, 0, 113.91],
      [140, 0, 89.95],
      [147, 5, 89.95],
      [154, 3, 89.95],
      [168, 1, 113.91],
      [182, 4, 113.91],
      [189, 1, 89.95],
      [196, 4, 89.95],
      [203, 0, 89.95],
      [210, 2, 89.95],
      [217, 2, 112.49],
      [224, 0, 124.47],
      [231, 1, 106.5],
      [238, 4, 106.5],
      [245, 1, 106.5],
      [252, 0, 118.48],
      [259, 2, 106.5],
      [266, 0, 106.5],
      [273, 0, 106.5],
      [280, 1, 124.47],
      [287, 1, 106.5],
      [294, 3, 106.5],
      [308, 1, 106.5],
      [315, 2, 112.49],
      [322, 1, 106.5],
      [329, 1, 106.5],
      [336, 1, 106.5],
      [343, 2, 106.5],
      [350, 1, 106.5],
      [357, 3, 106.5],
      [364, 1, 106.5],
      [371, 0, 106.5],
      [378, 1, 106.5],
      [385, 1, 106.5],
      [392, 4, 115.49],
      [399, 2, 106.5],
    ];
    const first = parseIsoDate('2025-09-07');
    const history = weeks.map(([day, lag, amount]) => {
      const bought = formatIsoDate(first + day);
      const printed = `${bought.slice(5, 7)}/${bought.slice(8, 10)}`;
      const posted = formatIsoDate(first + day + lag);
      return charge(posted, `POS PURCHASE BLUE APRON INC DENVER CO ${printed}`, amount);
    });
    const streams = detectRecurring(history, { asOf: '2026-10-14' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids.length).toBeGreaterThanOrEqual(history.length - 2);
  });
});

/**
 * A weekly meal kit whose price rose from $107 to $119, with extras some weeks, at a bank that
 * posts up to five days late: the last box before the step posted on a Tuesday, the first
 * after it on the Friday, three days apart. That box is the next week's bill, not the start of
 * a second plan beside the first.
 */
describe(`${detectRecurring.name} — a weekly price step just after a late posting`, () => {
  it('joins the weeks before and after the step as one plan', () => {
    const weeks: Array<[string, number]> = [
      ['2026-02-01', 53.5],
      ['2026-02-09', 53.5],
      ['2026-02-13', 112.99],
      ['2026-02-20', 107],
      ['2026-02-28', 107],
      ['2026-03-07', 107],
      ['2026-03-16', 107],
      ['2026-03-23', 107],
      ['2026-03-30', 107],
      ['2026-04-03', 107],
      ['2026-04-11', 107],
      ['2026-04-21', 127.99],
      ['2026-04-24', 136.97],
      ['2026-05-08', 119],
      ['2026-05-16', 119],
      ['2026-05-29', 119],
      ['2026-06-09', 119],
      ['2026-06-13', 119],
      ['2026-06-20', 119],
      ['2026-06-27', 119],
      ['2026-07-11', 142.96],
      ['2026-07-20', 119],
      ['2026-08-12', 142.96],
      ['2026-08-14', 119],
      ['2026-08-23', 136.97],
      ['2026-08-28', 119],
      ['2026-09-05', 119],
      ['2026-09-18', 136.97],
      ['2026-09-26', 127.99],
      ['2026-10-04', 127.99],
      ['2026-10-09', 119],
      ['2026-10-17', 119],
      ['2026-10-23', 136.97],
    ];
    const history = weeks.map(([date, amount]) =>
      charge(date, 'DEBIT CARD PURCHASE - HELLOFRESH.COM', amount),
    );
    const streams = detectRecurring(history, { asOf: '2026-10-31' });
    expect(streams.map((stream) => [stream.cadence, stream.status])).toEqual([
      ['WEEKLY', 'ACTIVE'],
    ]);
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });

  it('joins them when the last charge at the old price posted days before the slot of the first at the new one', () => {
    // A dog walker at $194 a week, then $204.41: the last $194 walk posted late on a Thursday,
    // the first $204.41 on the Sunday, both nearest one Sunday's slot. A bill posts on its day
    // or after it, so the Thursday charge is the week before's.
    const weeks: Array<[string, number]> = [
      ['2026-03-09', 194],
      ['2026-03-20', 194],
      ['2026-03-23', 194],
      ['2026-03-30', 194],
      ['2026-04-05', 194],
      ['2026-04-13', 194],
      ['2026-04-28', 194],
      ['2026-05-06', 194],
      ['2026-05-12', 194],
      ['2026-05-17', 194],
      ['2026-05-28', 194],
      ['2026-05-31', 204.41],
      ['2026-06-08', 204.41],
      ['2026-06-16', 204.41],
      ['2026-07-07', 204.41],
      ['2026-07-13', 204.41],
      ['2026-07-26', 204.41],
      ['2026-08-04', 204.41],
      ['2026-08-11', 204.41],
      ['2026-08-16', 204.41],
      ['2026-08-31', 204.41],
      ['2026-09-08', 204.41],
      ['2026-09-14', 204.41],
      ['2026-09-22', 204.41],
      ['2026-09-30', 204.41],
      ['2026-10-05', 204.41],
      ['2026-10-13', 204.41],
      ['2026-10-18', 204.41],
      ['2026-10-26', 204.41],
    ];
    const history = weeks.map(([date, amount]) => charge(date, 'ROVER 888-453-7889 WA', amount));
    const streams = detectRecurring(history, { asOf: '2026-11-03' });
    expect(streams.map((stream) => [stream.cadence, stream.status])).toEqual([
      ['WEEKLY', 'ACTIVE'],
    ]);
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });
});
