import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil } from './dates';
import { candidateSchedules, distanceToSlot, monthlyGridOn, type DatedPoint } from './schedule';

/** Every day from 2027-01-01 through 2028-12-31 (a leap year's February included). */
function everyDay(): DatedPoint[] {
  const points: DatedPoint[] = [];
  for (let day = daysFromCivil(2027, 1, 1); day <= daysFromCivil(2028, 12, 31); day++) {
    const { year, month, day: dayOfMonth } = civilFromDays(day);
    points.push({ day, monthIndex: year * 12 + month - 1, dayOfMonth });
  }
  return points;
}

/**
 * The anchor search prices a semi-monthly grid from its two days' monthly grids (one list of
 * distances per day, shared by every pair it is in), so the two must agree on every day.
 */
describe(monthlyGridOn.name, () => {
  it('gives every day the distance its semi-monthly grid gives, as the nearer of its two days', () => {
    const points = everyDay();
    const semiMonthly = candidateSchedules(points.slice(0, 31), 'SEMI_MONTHLY');
    expect(semiMonthly.length).toBeGreaterThan(100);
    let differing = 0;
    for (const grid of semiMonthly) {
      if (grid.kind !== 'semi') throw new Error('expected a semi-monthly grid');
      const first = monthlyGridOn(grid.first);
      const second = monthlyGridOn(grid.second);
      for (const point of points) {
        const nearer = Math.min(distanceToSlot(first, point), distanceToSlot(second, point));
        if (distanceToSlot(grid, point) !== nearer) differing++;
      }
    }
    expect(differing).toBe(0);
  });
});
