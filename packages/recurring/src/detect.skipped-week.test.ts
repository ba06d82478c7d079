import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges, everyDays, shiftDays } from '../test/series';

/**
 * A weekly plan that skips weeks now and then (a meal kit) is not cancelled by one more skipped
 * week just before "as of": its own history shows skips are normal. Two missed weeks still are.
 */
describe(`${detectRecurring.name} — a skipped week before as of`, () => {
  /** Weekly from 2025-01-06, with the given week numbers skipped. */
  const kit = (weeks: number, skipped: readonly number[]) =>
    charges(
      everyDays('2025-01-06', 7, weeks).filter((_, week) => !skipped.includes(week)),
      'HELLOFRESH 646-846-3663',
      79.99,
    );

  it('keeps a meal kit that skipped weeks before active through one more skipped week', () => {
    // 60 weeks (last 2026-02-23), weeks 10 and 31 skipped, and the latest (week 59) skipped too.
    const history = kit(59, [10, 31]);
    const last = history[history.length - 1]?.date ?? '';
    expect(last).toBe('2026-02-16');
    const [stream] = detectRecurring(history, { asOf: '2026-03-01' });
    expect(stream).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      predicted_next_date: shiftDays(last, 14),
    });
  });

  it('still cancels it after two missed weeks', () => {
    const history = kit(59, [10, 31]);
    const [stream] = detectRecurring(history, { asOf: '2026-03-08' });
    expect(stream).toMatchObject({ cadence: 'WEEKLY', status: 'CANCELLED' });
  });

  it('cancels a weekly plan that never skipped once a week goes missing past the grace period', () => {
    const history = kit(59, []);
    const [stream] = detectRecurring(history, { asOf: '2026-03-01' });
    expect(stream).toMatchObject({ cadence: 'WEEKLY', status: 'CANCELLED' });
  });
});
