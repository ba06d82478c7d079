/**
 * Bills whose amount moves with usage (utilities, phone, insurance with fees). Their charges
 * rarely repeat to the cent, so they are read as one stream at the merchant rather than per
 * amount level, with the cadence limited to monthly, quarterly or yearly: weekly "bills" with
 * random amounts are groceries.
 */
import type { KnownCadence } from './cadence';
import { CADENCE_RULES } from './cadence';
import {
  candidateFrom,
  fitRuns,
  splitAtPauses,
  TRIAL_MAX_AMOUNT,
  type Candidate,
  type GroupContext,
} from './candidate';
import { byDay, median, type Charge } from './charges';
import { BILL_CATEGORIES } from './normalize';
import { nearestSlotIndex, slotOf } from './schedule';
import { bestFit, type FitLimits, type ScheduleFit } from './schedule-fit';

const BILL_CADENCES: readonly KnownCadence[] = ['YEARLY', 'QUARTERLY', 'MONTHLY'];
const VARIABLE_LIMITS: FitLimits = { minCoverage: 0.8, maxMisfitShare: 0.1, maxLateShare: 0.2 };
/** A utility or carrier may skip a bill (a credit covered it) and still be read as one. */
const KNOWN_BILLER_LIMITS: FitLimits = { ...VARIABLE_LIMITS, minCoverage: 0.75 };
/** Cheapest to dearest month of a usage-based bill; ±40% around the mean is 2.3×. */
const MAX_SPREAD = 3;
/** Charges a variable amount needs at a merchant that is neither a biller nor known. */
const MIN_STRICTLY_REGULAR = 6;

export function isBiller(context: GroupContext): boolean {
  return BILL_CATEGORIES.has(context.merchant.category);
}

/**
 * A bill read whole: every charge at a utility, carrier, insurer or landlord as one stream.
 * Taken when it explains nearly all of them; otherwise the merchant is searched level by level
 * like any other (two phone lines, two policies).
 */
export function findWholeBill(context: GroupContext): Candidate[] {
  const streams = findVariableStreams(context, new Set());
  const billed = context.paid.filter((charge) => charge.amount > TRIAL_MAX_AMOUNT).length;
  const explained = streams.reduce(
    (sum, stream) => sum + stream.members.length + stream.extras.length,
    0,
  );
  return explained >= 0.8 * billed ? streams : [];
}

/** What is left at a merchant, read as one bill (or one per run, cut at long pauses). */
export function findVariableStreams(
  context: GroupContext,
  consumed: ReadonlySet<Charge>,
): Candidate[] {
  const leftovers = context.paid.filter(
    (charge) => !consumed.has(charge) && charge.amount > TRIAL_MAX_AMOUNT,
  );
  const isKnownBiller = isBiller(context) || context.merchant.isRecurringMerchant === true;
  // Elsewhere a variable amount needs six strictly regular charges: fewer can't qualify.
  if (!isKnownBiller && leftovers.length < MIN_STRICTLY_REGULAR) return [];
  const limits = isKnownBiller ? KNOWN_BILLER_LIMITS : VARIABLE_LIMITS;
  const fit = (run: Charge[]): ScheduleFit | null => {
    // Away from billers only a strictly regular run qualifies, and that makes every charge a
    // member (none off or extra) within 2× of each other: a run too short or spread wider
    // cannot, whichever grid fits it best — so the costly grid search is skipped.
    if (!isKnownBiller && (run.length < MIN_STRICTLY_REGULAR || spreadOf(run) > 2)) return null;
    const found = bestFit(run, BILL_CADENCES, limits);
    if (!found) return null;
    const amounts = found.members.map((index) => run[index]?.amount ?? 0);
    const spread = Math.max(...amounts) / Math.min(...amounts);
    const isStrictlyRegular =
      found.members.length >= MIN_STRICTLY_REGULAR &&
      found.coverage >= 0.9 &&
      found.offCount + found.extras.length === 0 &&
      spread <= 2;
    return spread <= MAX_SPREAD && (isKnownBiller || isStrictlyRegular) ? found : null;
  };
  return fitRuns(leftovers, fit, 2).flatMap((run) =>
    splitAtPauses(candidateFrom(run.charges, run.fit), context.reversed).map((candidate) => ({
      ...candidate,
      isVariable: hasVariableAmounts(candidate.members),
    })),
  );
}

/** Dearest over cheapest amount. */
function spreadOf(charges: readonly Charge[]): number {
  let low = Infinity;
  let high = -Infinity;
  for (const { amount } of charges) {
    if (amount < low) low = amount;
    if (amount > high) high = amount;
  }
  return high / low;
}

/** A bill's odd month (a higher usage charge) lands in the slot the regular amount left empty. */
export function fillEmptySlots(
  candidate: Candidate,
  context: GroupContext,
  consumed: Set<Charge>,
): void {
  const fit = candidate.fit;
  if (!fit) return;
  const filled = new Set(
    candidate.members.map((charge) => nearestSlotIndex(candidate.schedule, charge)),
  );
  const typical = median(candidate.members.map((charge) => charge.amount));
  const rule = CADENCE_RULES[candidate.cadence];
  for (const charge of context.paid) {
    if (consumed.has(charge)) continue;
    const ratio = charge.amount / typical;
    if (ratio < 0.6 || ratio > 1.6) continue;
    const hit = slotOf(candidate.schedule, charge);
    if (filled.has(hit.slot) || Math.abs(charge.day - hit.date) > rule.toleranceDays) continue;
    if (hit.slot < fit.firstSlot - 1 || hit.slot > fit.lastSlot + 1) continue;
    filled.add(hit.slot);
    candidate.members.push(charge);
    consumed.add(charge);
  }
  candidate.members.sort(byDay);
}

/** More than a few amount changes means a metered bill, not a subscription with price rises. */
export function hasVariableAmounts(members: readonly Charge[]): boolean {
  let changes = 0;
  for (let i = 1; i < members.length; i++) {
    const previous = members[i - 1]?.amount ?? 0;
    const current = members[i]?.amount ?? 0;
    if (Math.abs(current - previous) > Math.max(0.02, previous * 0.02)) changes++;
  }
  return changes > 3 && changes > 0.25 * (members.length - 1);
}
