import { describe, expect, it } from 'vitest';
import type { SubscriptionValues } from './subscriptions.repo';
import { keepWhatBillowArranged } from './subscriptions.service';

const detected: SubscriptionValues = {
  merchantName: 'Verizon',
  category: 'utilities',
  cadence: 'MONTHLY',
  status: 'CANCELLED',
  amountCents: 7500,
  averageAmountCents: 7500,
  previousAmountCents: null,
  normalizedMonthlyCents: 7500,
  renewalDate: null,
  cancelDate: '2026-11-16',
  firstChargeDate: '2026-04-16',
  lastChargeDate: '2026-11-16',
  paymentAccountId: null,
  isPriceIncrease: false,
  confidence: 0.9,
  evidence: [],
};
const stored = {
  negotiatedAfter: null,
  amountCents: 6500,
  normalizedMonthlyCents: 6500,
  previousAmountCents: 7500,
  isBillowManaged: false,
  renewalDate: '2026-12-16',
};

describe(keepWhatBillowArranged.name, () => {
  it('takes what the bank shows when Billow arranged nothing', () => {
    expect(keepWhatBillowArranged(stored, detected)).toEqual(detected);
  });

  it('keeps a negotiated amount until the bank shows a charge newer than the negotiation', () => {
    const negotiated = { ...stored, negotiatedAfter: '2026-11-16' };
    expect(keepWhatBillowArranged(negotiated, detected)).toMatchObject({
      amountCents: 6500,
      normalizedMonthlyCents: 6500,
      previousAmountCents: 7500,
    });
    // The next bill came at the old price: the merchant did not honour it, and the bank is right.
    const newer = { ...detected, lastChargeDate: '2026-12-16' };
    expect(keepWhatBillowArranged(negotiated, newer)).toMatchObject({ amountCents: 7500 });
  });

  it('keeps a plan Billow paid for active until its renewal date', () => {
    const managed = { ...stored, isBillowManaged: true, renewalDate: '2027-11-20' };
    expect(keepWhatBillowArranged(managed, detected)).toMatchObject({
      status: 'ACTIVE',
      renewalDate: '2027-11-20',
      cancelDate: null,
    });
  });
});
