import { describe, expect, it } from 'vitest';
import { dueThisMonth } from './bill-totals';

const today = new Date(2026, 11, 1);
const bill = (amount: number, renewal_date: string | null, days_until_due: number | null) => ({
  amount,
  renewal_date,
  days_until_due,
  normalized_monthly_amount: amount,
});

describe(dueThisMonth.name, () => {
  it('adds the amounts with a renewal date up to the end of the current month', () => {
    const bills = [
      bill(15.49, '2026-12-04', 3),
      bill(9.99, '2026-12-31', 30),
      bill(100, '2027-01-01', 31),
    ];
    expect(dueThisMonth(bills, today)).toBe(25.48);
  });

  it('adds in cents, so prices never total a fraction of a cent', () => {
    expect(dueThisMonth([bill(0.1, '2026-12-02', 1), bill(0.2, '2026-12-03', 2)], today)).toBe(0.3);
  });

  it('is 0 with nothing due this month', () => {
    expect(dueThisMonth([bill(10, '2027-02-01', 62)], today)).toBe(0);
  });
});
