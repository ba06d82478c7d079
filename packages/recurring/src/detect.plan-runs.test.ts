import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges, everyDays, shiftDays } from '../test/series';

/**
 * A weekly plan (a meal kit, a dog walker) seen in two runs, or across a price step, is one
 * stream on its weekly grid: the weeks of a short first run, half at a dearer price, are not a
 * semi-monthly stream of their own (resumed-runs.ts), and a last bill at the old price posted
 * days late does not keep the new price's first bill, on the next week, from continuing the plan
 * (price-steps.ts).
 */
describe(`${detectRecurring.name} — one weekly plan in runs and prices`, () => {
  const weeks = (start: string, count: number) => everyDays(start, 7, count);

  it("reads a short first run with dearer weeks as the plan's, before its pause", () => {
    // Seven weeks in a row, the base price in four (weeks 0, 3, 4, 5), extras in three; five
    // months off; then 24 of 26 weeks back, a third of them dearer by one to three extras.
    const first = charges(
      weeks('2025-11-07', 7),
      'CRISP CRATE MEALS',
      [52.99, 76.95, 76.95, 52.99, 52.99, 52.99, 76.95],
    );
    const dearer: Readonly<Record<number, number>> = {
      3: 58.98,
      7: 76.95,
      9: 76.95,
      12: 64.97,
      16: 61.98,
      17: 70.96,
      19: 61.98,
      20: 61.98,
      21: 58.98,
      25: 64.97,
    };
    const back = [
      0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    ];
    const later = charges(
      back.map((week) => weeks('2026-05-07', 26)[week] ?? ''),
      'CRISP CRATE MEALS',
      back.map((week) => dearer[week] ?? 52.99),
    );
    const history = [...first, ...later];
    const streams = detectRecurring(history, { asOf: '2026-11-01' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['WEEKLY']);
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
    expect(streams[0]).toMatchObject({ status: 'ACTIVE' });
  });

  it('joins a price step whose last old bill posted late, three days before the new price', () => {
    // Billed Mondays and posted 0–3 days later (no purchase date printed): $64.49 for 30 weeks,
    // the last posted on Friday, then $69.47 from the next Monday, posted on the day.
    const lags = [0, 1, 0, 2, 1, 0, 3, 1, 2, 0];
    const mondays = weeks('2025-01-06', 50);
    const posted = mondays.map((date, week) => shiftDays(date, lags[week % lags.length] ?? 0));
    posted[29] = shiftDays(mondays[29] ?? '', 4);
    posted[30] = mondays[30] ?? '';
    const history = [
      ...charges(posted.slice(0, 30), 'SQ *BARKLEY WALKS', 64.49),
      ...charges(posted.slice(30), 'SQ *BARKLEY WALKS', 69.47),
    ];
    const streams = detectRecurring(history, { asOf: shiftDays(mondays[49] ?? '', 4) });
    expect(streams.map((stream) => stream.cadence)).toEqual(['WEEKLY']);
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });
});
