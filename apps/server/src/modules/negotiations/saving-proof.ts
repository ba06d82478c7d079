/**
 * What the bank must show for a negotiated deal to count as saved (docs/savings.md): a charge at
 * or below the new price after the bill's last charge, or, for free months, no full-price charge
 * up to its next date and a grace.
 */
import type { SavingProof } from '../savings/savings.service';

/** Grace after a bill's date for its charge to post, before free months count as shown. */
const POSTING_GRACE_DAYS = 5;

export function proofOf(
  bill: { amountCents: number; lastChargeDate: string; renewalDate: string | null },
  afterCents: number | null,
  at: Date,
): SavingProof {
  if (afterCents !== null)
    return { kind: 'charge_at_or_below', cents: afterCents, after: bill.lastChargeDate };
  const next = new Date(`${bill.renewalDate ?? at.toISOString().slice(0, 10)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + POSTING_GRACE_DAYS);
  return {
    kind: 'no_full_charge',
    fullPriceCents: bill.amountCents,
    after: bill.lastChargeDate,
    until: next.toISOString().slice(0, 10),
  };
}
