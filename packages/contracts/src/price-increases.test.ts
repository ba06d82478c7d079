import { describe, expect, it } from 'vitest';
import { monthsBefore, priceIncreaseOf } from './price-increases';

describe('price increases', () => {
  it('counts back whole months, to the month’s last day when it has no such day', () => {
    expect(monthsBefore('2026-11-20', 12)).toBe('2025-11-20');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
  });

  it('is news for twelve months from the first charge at the new price', () => {
    const row = {
      status: 'ACTIVE',
      isPriceIncrease: true,
      previousAmountCents: 1549,
      amountCents: 1799,
      priceChangedOn: '2025-11-20',
    };
    expect(priceIncreaseOf(row, '2026-11-20')).toEqual({
      previousCents: 1549,
      amountCents: 1799,
      changedOn: '2025-11-20',
    });
    expect(priceIncreaseOf(row, '2026-11-21')).toBeNull();
  });
});
