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
import { byDay, type Charge } from './charges';
import { BILL_CATEGORIES } from './normalize';
import { nearestSlotIndex, slotOf, type Schedule } from './schedule';
import { isEarlyAtStore } from './storefronts';
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

/** A charge in an empty slot of a stream may cost this much less or more than its neighbour. */
const MIN_FILL_RATIO = 0.6;
/** The dearest a week with extras may be beside a plan's price (fixed-streams.ts, resumed-runs.ts). */
export const MAX_FILL_RATIO = 1.7;
/** Charges a stream needs before other prices may fill its slots. */
const MIN_OWN_CHARGES = 3;
/**
 * Beyond either end a fill may reach this many slots: the next one, or the one after a skipped
 * cycle — a weekly plan that skips a week just as its price steps up would otherwise stop there.
 */
const EDGE_REACH_SLOTS = 2;

/**
 * Charges at another price that sit on time in a stream's empty slots join it: a bill's odd
 * month, a meal kit's week with extras, a promotional price in the middle of a plan. Beyond
 * either end only the next slot (or the one after a skipped cycle) may be filled, and the stream grows on from there: the
 * first bill at an introductory price, the latest bill at a new one (at a store, not days before
 * its slot: `isEarlyAtStore`). The price is compared with the member nearest in time,
 * so a stream whose price stepped over the years is judged at the price of the time.
 */
export function fillEmptySlots(
  candidate: Candidate,
  context: GroupContext,
  consumed: Set<Charge>,
): void {
  const fit = candidate.fit;
  // A stream first stands on charges of its own price; only then do other prices fill it.
  if (!fit || candidate.members.length < MIN_OWN_CHARGES) return;
  const gridAt = (day: number): Schedule =>
    fit.earlier && day < fit.earlier.untilDay ? fit.earlier.schedule : candidate.schedule;
  const rule = CADENCE_RULES[candidate.cadence];
  const { members } = candidate;
  const filled = new Set<number>();
  let firstSlot = Infinity;
  let lastSlot = -Infinity;
  for (const charge of members) {
    const slot = nearestSlotIndex(gridAt(charge.day), charge);
    filled.add(slot);
    firstSlot = Math.min(firstSlot, slot);
    lastSlot = Math.max(lastSlot, slot);
  }
  const open = context.paid.filter((charge) => !consumed.has(charge));
  let hasGrown = true;
  while (hasGrown) {
    hasGrown = false;
    for (const charge of open) {
      if (consumed.has(charge)) continue;
      const hit = slotOf(gridAt(charge.day), charge);
      if (filled.has(hit.slot) || hit.distance > rule.toleranceDays) continue;
      if (hit.slot < firstSlot - EDGE_REACH_SLOTS || hit.slot > lastSlot + EDGE_REACH_SLOTS)
        continue;
      const isEdge = hit.slot < firstSlot || hit.slot > lastSlot;
      if (isEdge && context.merchant.isStorefront && isEarlyAtStore(candidate, charge)) continue;
      const ratio = charge.amount / nearestInTime(members, charge.day).amount;
      if (ratio > MAX_FILL_RATIO || ratio < MIN_FILL_RATIO) continue;
      filled.add(hit.slot);
      members.push(charge);
      members.sort(byDay);
      consumed.add(charge);
      if (isEdge) {
        firstSlot = Math.min(firstSlot, hit.slot);
        lastSlot = Math.max(lastSlot, hit.slot);
        hasGrown = true;
      }
    }
  }
}

/** The charge nearest `day` among charges sorted by day (not empty). */
function nearestInTime(charges: readonly Charge[], day: number): Charge {
  let best = charges[0] as Charge;
  for (const charge of charges) {
    if (Math.abs(charge.day - day) < Math.abs(best.day - day)) best = charge;
  }
  return best;
}

/** More than a few amount changes means a metered bill, not a subscription with price rises. */
function hasVariableAmounts(members: readonly Charge[]): boolean {
  let changes = 0;
  for (let i = 1; i < members.length; i++) {
    const previous = members[i - 1]?.amount ?? 0;
    const current = members[i]?.amount ?? 0;
    if (Math.abs(current - previous) > Math.max(0.02, previous * 0.02)) changes++;
  }
  return changes > 3 && changes > 0.25 * (members.length - 1);
}
