import { describe, expect, it } from 'vitest';
import { isShownByBank } from './savings.service';

describe(isShownByBank.name, () => {
  const lower = { kind: 'charge_at_or_below', cents: 6_500, after: '2026-11-16' } as const;

  it('verifies a lower rate by a later charge at or below the new price', () => {
    expect(isShownByBank(lower, [{ date: '2026-12-16', amountCents: 6_500 }], null)).toBe(true);
    expect(isShownByBank(lower, [{ date: '2026-12-16', amountCents: 7_500 }], null)).toBe(false);
    // A charge from before the deal proves nothing.
    expect(isShownByBank(lower, [{ date: '2026-11-16', amountCents: 6_000 }], null)).toBe(false);
  });

  const free = {
    kind: 'no_full_charge',
    fullPriceCents: 7_500,
    after: '2026-11-16',
    until: '2026-12-21',
  } as const;

  it('verifies free months only once the bank was read past the bill date, with no full charge', () => {
    expect(isShownByBank(free, [], '2026-12-20')).toBe(false);
    expect(isShownByBank(free, [], null)).toBe(false);
    expect(isShownByBank(free, [], '2026-12-21')).toBe(true);
    expect(isShownByBank(free, [{ date: '2026-12-16', amountCents: 7_500 }], '2026-12-25')).toBe(
      false,
    );
    // A charge after the free period is the bill going on, not a broken promise.
    expect(isShownByBank(free, [{ date: '2027-01-16', amountCents: 7_500 }], '2027-01-20')).toBe(
      true,
    );
  });
});
