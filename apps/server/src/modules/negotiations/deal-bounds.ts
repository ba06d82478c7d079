/**
 * The bounds every negotiated deal must keep before it can become a saving (docs/savings.md).
 * The call agent's report is a claim, not a figure: whatever it says, the new price is worked out
 * from the bill Billow knows, must be below the bill's price and not negative, and a free-months
 * deal is worth at most its months at the bill's own monthly rate. A deal outside these bounds is
 * turned down with a reason the person sees; it never becomes a saving or a reward.
 */
import {
  CHARGES_PER_YEAR,
  centsToDollars,
  formatDollars,
  monthlyEquivalent,
  priceAfterDeal,
  type Cadence,
  type NegotiationResult,
} from '@billow/contracts';

/** The most free months a deal may give: a year (a longer gift is not a retention offer). */
const MAX_FREE_MONTHS = 12;

/** How far the call's "current rate" may sit from the bill's monthly rate (rounding, taxes). */
const RATE_TOLERANCE = { dollars: 1, share: 0.05 };

type BoundedDeal =
  | { kind: 'price'; afterCents: number; savedCents: number }
  | { kind: 'free_months'; months: number; savedCents: number }
  | { kind: 'rejected'; reason: string };

/**
 * A deal as Billow records it, or why it was turned down. `bill` is the bill's price per charge
 * in its own cadence, as stored (not as the call reported it).
 */
export function boundDeal(
  merchant: string,
  bill: { amountCents: number; cadence: Cadence },
  result: NegotiationResult,
): BoundedDeal {
  const monthly = monthlyEquivalent(centsToDollars(bill.amountCents), bill.cadence);
  const reject = (why: string): BoundedDeal => ({
    kind: 'rejected',
    reason: `Billow could not confirm ${merchant}'s offer: ${why}, so it was not counted as savings.`,
  });
  const stated = result.originalRate;
  if (
    bill.amountCents <= 0 ||
    !Number.isFinite(stated) ||
    Math.abs(stated - monthly) > Math.max(RATE_TOLERANCE.dollars, RATE_TOLERANCE.share * monthly)
  ) {
    return reject(
      `the call reported a current rate of ${formatDollars(Number.isFinite(stated) ? stated : 0)} a month, but your bill is ${formatDollars(Math.round(monthly * 100) / 100)} a month`,
    );
  }
  if ('freeMonths' in result) {
    const months = result.freeMonths;
    if (!Number.isInteger(months) || months < 1 || months > MAX_FREE_MONTHS) {
      return reject(`a deal of ${months} free months is outside 1 to ${MAX_FREE_MONTHS} months`);
    }
    // Worth its months at the bill's own monthly rate, never at the rate the call reported.
    return { kind: 'free_months', months, savedCents: Math.round(months * monthly * 100) };
  }
  const final = result.finalRate;
  if (!Number.isFinite(final) || final < 0) {
    return reject('the new rate it reported is below zero');
  }
  if (final >= stated) {
    return reject('the new rate it reported is not below the current rate');
  }
  const afterCents = Math.round(
    priceAfterDeal(centsToDollars(bill.amountCents), stated, final) * 100,
  );
  if (!Number.isInteger(afterCents) || afterCents < 0 || afterCents >= bill.amountCents) {
    return reject('the new price is not below your current price');
  }
  return {
    kind: 'price',
    afterCents,
    savedCents: (bill.amountCents - afterCents) * CHARGES_PER_YEAR[bill.cadence],
  };
}
