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

describe('trial reminders', () => {
  const trial = (overrides: Partial<SubscriptionFacts>) =>
    bill({
      status: 'FREE_TRIAL',
      isPriceIncrease: false,
      previousAmountCents: null,
      priceChangedOn: null,
      renewalDate: '2026-11-22',
      ...overrides,
    });
  const trialLines = (facts: SubscriptionFacts[]) =>
    dueReminders(facts, [3, 1], today)
      .filter((due) => due.type === 'trial_expiring')
      .map((due) => due.line);

  it("says what a $1 trial will cost after it: the plan's price, not the dollar", () => {
    expect(trialLines([trial({ amountCents: 100 })])).toEqual([
      'Netflix free trial ends in 2 days (Nov 22), then $17.99',
    ]);
  });

  it('names no price after a $0 trial whose plan price is unknown', () => {
    expect(trialLines([trial({ merchantName: 'Acme Pro', amountCents: 0 })])).toEqual([
      'Acme Pro free trial ends in 2 days (Nov 22)',
    ]);
  });

  it('says the price a trial was already charged at when it is a full price', () => {
    expect(trialLines([trial({ merchantName: 'Acme Pro', amountCents: 1299 })])).toEqual([
      'Acme Pro free trial ends in 2 days (Nov 22), then $12.99',
    ]);
  });
});
