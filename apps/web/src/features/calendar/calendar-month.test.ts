import { describe, expect, it } from 'vitest';
import type { UpcomingCharge } from '@billow/contracts';
import {
  chargesByDay,
  dayAfterKey,
  isoDay,
  monthRange,
  monthWeeks,
  totalOf,
} from './calendar-month';

const charge = (date: string, amount: number, merchant = 'Netflix'): UpcomingCharge => ({
  subscription_id: merchant,
  merchant_name: merchant,
  merchant_website_url: null,
  amount,
  date,
  cadence: 'MONTHLY',
  category: 'streaming',
  reward_credit: 0,
});

describe('the calendar month', () => {
  it('lays February 2028 (a leap year) out in whole weeks from Sunday', () => {
    const weeks = monthWeeks(new Date(2028, 1, 10));
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(isoDay(weeks[0]![0]!)).toBe('2028-01-30');
    expect(weeks.flat().some((day) => isoDay(day) === '2028-02-29')).toBe(true);
    expect(isoDay(weeks.at(-1)!.at(-1)!)).toBe('2028-03-04');
  });

  it('asks for the month from its first day to its last', () => {
    expect(monthRange(new Date(2028, 1, 10))).toEqual({ from: '2028-02-01', until: '2028-02-29' });
    expect(monthRange(new Date(2026, 11, 31))).toEqual({ from: '2026-12-01', until: '2026-12-31' });
  });

  it('groups charges by day, the largest first, and totals them to the cent', () => {
    const charges = [
      charge('2026-12-04', 7.99, 'Hulu'),
      charge('2026-12-04', 15.49),
      charge('2026-12-09', 0.1),
    ];
    const byDay = chargesByDay(charges);
    expect(byDay.get('2026-12-04')!.map((c) => c.merchant_name)).toEqual(['Netflix', 'Hulu']);
    expect(totalOf([charge('x', 0.1), charge('y', 0.2)])).toBe(0.3);
    expect(totalOf(charges)).toBe(23.58);
  });

  it('moves by a day, a week, or to the week’s ends with the arrow, Home and End keys', () => {
    const day = new Date(2026, 11, 31);
    expect(isoDay(dayAfterKey(day, 'ArrowRight')!)).toBe('2027-01-01');
    expect(isoDay(dayAfterKey(day, 'ArrowUp')!)).toBe('2026-12-24');
    expect(isoDay(dayAfterKey(day, 'Home')!)).toBe('2026-12-27');
    expect(isoDay(dayAfterKey(day, 'End')!)).toBe('2027-01-02');
    expect(dayAfterKey(day, 'a')).toBeUndefined();
  });
});
