/**
 * Which reminders fall due: the price-increase reminder follows the same rule as every screen's
 * price increases (docs/figures.md), so a rise the screens call old news is never texted.
 */
import { describe, expect, it } from 'vitest';
import { dueReminders, type SubscriptionFacts } from './reminder-events';

const today = '2026-11-20';

const bill = (overrides: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  id: 'netflix',
  merchantName: 'Netflix',
  status: 'ACTIVE',
  amountCents: 1799,
  previousAmountCents: 1549,
  renewalDate: null,
  lastChargeDate: '2026-11-05',
  isPriceIncrease: true,
  priceChangedOn: '2026-08-05',
  isBillowManaged: false,
  failedPaymentDate: null,
  ...overrides,
});

const priceLines = (facts: SubscriptionFacts[]) =>
  dueReminders(facts, [3, 1], today)
    .filter((due) => due.type === 'price_increase')
    .map((due) => due.line);

describe('price-increase reminders', () => {
  it('reminds of a recent rise', () => {
    expect(priceLines([bill({})])).toEqual(['Netflix went up from $15.49 to $17.99']);
  });

  it('says nothing of a rise the screens call old news, or of a price that came back down', () => {
    expect(priceLines([bill({ priceChangedOn: '2025-07-08' })])).toEqual([]);
    expect(priceLines([bill({ amountCents: 1549, previousAmountCents: 1799 })])).toEqual([]);
    expect(priceLines([bill({ priceChangedOn: null })])).toEqual([]);
  });

  it('says nothing of a cancelled bill', () => {
    expect(priceLines([bill({ status: 'CANCELLED' })])).toEqual([]);
  });
});
