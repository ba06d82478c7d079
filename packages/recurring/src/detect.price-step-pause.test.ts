import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges, everyDays, shiftDays } from '../test/series';

/**
 * A weekly plan paused for ten weeks, back at its old price for a few weeks, then dearer for
 * good: the dearer run grown back across the price step takes the old price's weeks after the
 * pause, and the old price's weeks before the pause are the plan's earlier run, not one-off
 * purchases (`findEarlierRuns`, resumed-runs.ts).
 */
describe(`${detectRecurring.name} — a weekly plan paused, then dearer`, () => {
  const mondays = everyDays('2024-08-05', 7, 112);
  const skipped = [7, 14, 23, 51, 62, 71, 80, 93, 101];
  const dearer: Readonly<Record<number, number>> = {
    4: 106.93,
    66: 114.68,
    75: 120.67,
    88: 114.68,
  };
  const weeks = Array.from({ length: 112 }, (_, week) => week).filter(
    (week) => !skipped.includes(week) && (week < 30 || week >= 40),
  );
  const price = (week: number): number => dearer[week] ?? (week < 46 ? 94.95 : 102.7);
  const history = charges(
    weeks.map((week) => mondays[week] ?? ''),
    'EVERYPLATE.COM NY',
    weeks.map(price),
  );

  it('reads the whole history as one weekly plan, active at its new price', () => {
    const asOf = shiftDays(mondays[111] ?? '', 3);
    const streams = detectRecurring(history, { asOf });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE', last_amount: 102.7 });
    expect(streams[0]?.transaction_ids.length).toBeGreaterThanOrEqual(weeks.length - 4);
  });
});
