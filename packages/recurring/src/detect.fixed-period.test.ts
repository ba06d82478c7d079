import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges, everyDays, monthly, shiftDays as addDays } from '../test/series';

/**
 * Fixed-day periods: the API keeps its cadence enum, the nearest one, but the
 * next date comes from the true period — every four weeks is last charge + 28 days, not + one
 * calendar month.
 */
describe(`${detectRecurring.name} — fixed-day periods`, () => {
  it('reports every four weeks as monthly and predicts the last charge + 28 days', () => {
    const dates = everyDays('2025-03-07', 28, 13);
    const gym = charges(dates, 'CRUNCH FITNESS 4WK DUES', 24.99);
    const [stream, ...others] = detectRecurring(gym, { asOf: '2026-02-10' });
    expect(others).toHaveLength(0);
    const last = dates[dates.length - 1] ?? '';
    expect(last).toBe('2026-02-06');
    expect(stream).toMatchObject({
      cadence: 'MONTHLY',
      transaction_ids: gym.map((t) => t.id),
      last_date: last,
      predicted_next_date: addDays(last, 28),
      period_days: 28,
      status: 'ACTIVE',
    });
  });

  it('follows a four-weekly bill with posting lag, predicting from its grid', () => {
    const dates = everyDays('2025-01-10', 28, 14).map((date, index) =>
      addDays(date, [0, 1, 0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 1, 0][index] ?? 0),
    );
    const water = charges(dates, 'AQUA PURE WATER DELIVERY', 36.5);
    const [stream] = detectRecurring(water, { asOf: '2026-01-12' });
    // Posted 0–2 days after its slot: the middle of those lags, a day after the slot.
    expect(stream).toMatchObject({
      cadence: 'MONTHLY',
      predicted_next_date: addDays(everyDays('2025-01-10', 28, 14)[13] ?? '', 29),
      period_days: 28,
    });
  });

  it('keeps calendar months for a true monthly stream on the same day of the month', () => {
    const netflix = charges(monthly('2025-04-03', 12), 'NETFLIX.COM 866-579-7172 CA', 15.49);
    const [stream] = detectRecurring(netflix, { asOf: '2026-03-20' });
    expect(stream).toMatchObject({
      cadence: 'MONTHLY',
      last_date: '2026-03-03',
      predicted_next_date: '2026-04-03',
      period_days: null,
    });
  });

  it('keeps month-end billing on month ends (31st, then 30th, then 28th)', () => {
    const rent = charges(monthly('2025-01-31', 13, 31), 'AVALON COMMUNITIES RENT', 2100);
    expect(rent.slice(-3).map((t) => t.date)).toEqual(['2025-11-30', '2025-12-31', '2026-01-31']);
    const [stream] = detectRecurring(rent, { asOf: '2026-02-05' });
    expect(stream).toMatchObject({
      cadence: 'MONTHLY',
      predicted_next_date: '2026-02-28',
      period_days: null,
    });
  });

  it('predicts every two weeks by 14 days and semi-monthly by its two days of the month', () => {
    const cleaner = charges(everyDays('2025-06-06', 14, 16), 'CLEAN SWEEP HOUSEKEEPING', 120);
    const [biweekly] = detectRecurring(cleaner, { asOf: '2026-01-10' });
    expect(biweekly).toMatchObject({
      cadence: 'BIWEEKLY',
      predicted_next_date: '2026-01-16',
      period_days: 14,
    });
    const semi = charges(
      monthly('2025-06-01', 8).flatMap((first) => [first, first.slice(0, 8) + '16']),
      'BRIGHT PATH TUTORING',
      80,
    );
    const [semiMonthly] = detectRecurring(semi, { asOf: '2026-01-20' });
    expect(semiMonthly).toMatchObject({
      cadence: 'SEMI_MONTHLY',
      last_date: '2026-01-16',
      predicted_next_date: '2026-02-01',
      period_days: null,
    });
  });
});
