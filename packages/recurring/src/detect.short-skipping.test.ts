import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays } from '../test/series';
import type { Transaction } from './types';

/**
 * A short weekly plan skipped now and then (a dog walker for three months, a few weeks of
 * lessons) has too few charges for the coverage a long skipping plan may have, and its skips
 * leave over a quarter of its weeks empty. Charged on its weekday every single time, it is
 * still a plan; the same count of same-price charges scattered across the week is not.
 */
describe(`${detectRecurring.name} — short weekly plans skipped now and then`, () => {
  /** Every Saturday from 2026-01-24 for `weeks` weeks, minus `skipped`, shifted by `shift(week)`. */
  const saturdays = (
    descriptor: string,
    weeks: number,
    skipped: readonly number[],
    shift: (week: number) => number = () => 0,
  ): Transaction[] =>
    everyDays('2026-01-24', 7, weeks).flatMap((date, week) => {
      if (skipped.includes(week)) return [];
      const day = new Date(`${date}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + shift(week));
      return [charge(day.toISOString().slice(0, 10), descriptor, 105)];
    });

  it('finds ten walks on one weekday over fourteen weeks as a weekly stream', () => {
    const history = saturdays('PAWS AND PATHS WALKING', 14, [1, 5, 6, 8]);
    const streams = detectRecurring(history, { asOf: '2026-04-28' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY' });
    expect(streams[0]?.transaction_ids).toHaveLength(10);
  });

  it('does not read ten same-price charges scattered across the week as one', () => {
    const jitter = [0, 2, -2, 1, -1, 2, -2, 0, 2, -1, 1, -2, 2, 0];
    const history = saturdays(
      'PAWS AND PATHS WALKING',
      14,
      [1, 5, 6, 8],
      (week) => jitter[week] ?? 0,
    );
    expect(detectRecurring(history, { asOf: '2026-04-28' })).toHaveLength(0);
  });
});
