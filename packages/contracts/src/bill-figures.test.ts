import { describe, expect, it } from 'vitest';
import {
  billsDueThisMonth,
  dueWords,
  formatPaymentDay,
  formatPrice,
  formatShortDay,
  monthlyEquivalent,
  monthlyTotal,
} from './bill-figures';

const bill = (over: Record<string, unknown>) => ({
  status: 'ACTIVE',
  normalized_monthly_amount: 0,
  days_until_due: 5,
  renewal_date: '2026-12-02',
  ...over,
});

describe('bill figures', () => {
  it('pays a month the ACTIVE bills’ monthly amounts, weekly and yearly ones included', () => {
    expect(
      monthlyTotal([
        bill({ normalized_monthly_amount: 17.99 }),
        bill({ normalized_monthly_amount: 346.62 }),
        bill({ normalized_monthly_amount: 11.58 }),
        bill({ status: 'CANCELLED', normalized_monthly_amount: 18.99 }),
        bill({ status: 'FREE_TRIAL', normalized_monthly_amount: 44 }),
      ] as never),
    ).toBe(376.19);
  });

  it('says a price in its bill’s cadence', () => {
    expect(formatPrice(71.99, 'WEEKLY')).toBe('$71.99 a week');
    expect(formatPrice(139, 'YEARLY')).toBe('$139.00 a year');
    expect(formatPrice(80.03, 'MONTHLY')).toBe('$80.03 a month');
    expect(Math.round(monthlyEquivalent(79.99, 'WEEKLY') * 100) / 100).toBe(346.62);
  });

  it('dates due bills and payments as the screens do', () => {
    expect(dueWords(bill({ days_until_due: 0 }) as never, '2026-11-27')).toBe('due today');
    expect(dueWords(bill({ days_until_due: 1 }) as never, '2026-11-27')).toBe('due in 1 day');
    expect(dueWords(bill({ days_until_due: 4 }) as never, '2026-11-27')).toBe('due in 4 days');
    expect(
      dueWords(bill({ days_until_due: 70, renewal_date: '2027-02-05' }) as never, '2026-11-27'),
    ).toBe('Feb 5, 2027');
    expect(formatShortDay('2026-12-01', '2026-11-27')).toBe('Dec 1');
    expect(formatPaymentDay('2026-11-19', '2026-11-27')).toBe('November 19th');
    expect(formatPaymentDay('2025-12-03', '2026-11-27')).toBe('December 3rd, 2025');
    expect(formatPaymentDay('2026-03-11', '2026-11-27')).toBe('March 11th');
    expect(formatPaymentDay('2026-03-22', '2026-11-27')).toBe('March 22nd');
  });

  it('lists as due this month the ACTIVE bills after today through the month’s last day', () => {
    const due = billsDueThisMonth(
      [
        bill({ days_until_due: 3, renewal_date: '2026-11-30' }),
        bill({ days_until_due: 0, renewal_date: '2026-11-27' }),
        bill({ days_until_due: 4, renewal_date: '2026-12-01' }),
        bill({ status: 'PAUSED', days_until_due: 1, renewal_date: '2026-11-28' }),
        bill({ days_until_due: 1, renewal_date: '2026-11-28' }),
      ] as never,
      '2026-11-27',
    );
    expect(due.map((b: { renewal_date: string | null }) => b.renewal_date)).toEqual([
      '2026-11-28',
      '2026-11-30',
    ]);
  });
});
