/**
 * Joins candidate streams that are pieces of one subscription. Merchants are grouped by their
 * descriptor, and a descriptor is not a stable identity: the biller renames itself ("GA POWER"
 * becomes "GEORGIA POWER", a loan servicer is bought), the person moves the subscription to
 * another card whose bank spells it differently, or the price steps past what one merchant's
 * search joins. Each piece then fits its cadence on its own, and the person would see one
 * subscription cancelled and another started the next cycle.
 *
 * A later piece continues an earlier one when they share the cadence, the later one starts
 * where the earlier one's grid expected the next charge (a skipped cycle allowed), and they are
 * plainly the same merchant: the same merchant key or a shared distinctive word in the name,
 * or — for a rename with nothing in common — the same category and the same amount to the cent.
 * A piece that starts months after the other ended, at the same merchant and about the same
 * price, is a resubscription: one subscription with a gap, its status following the latest
 * charges. Pieces that overlap in time are two subscriptions and are never joined.
 */
import { CADENCE_RULES } from './cadence';
import { byDay, medianAmount, type Charge } from './charges';
import {
  candidateFrom,
  firstDayOf,
  isAboutOnePrice,
  lastDayOf,
  overlapInTime,
  pauseDaysFor,
  TRIAL_MAX_AMOUNT,
  type Candidate,
} from './candidate';
import { isHabitualMerchant } from './normalize';
import { slotOf } from './schedule';
import { bestFit, FIXED_AMOUNT_LIMITS } from './schedule-fit';
import type { NormalizedMerchant } from './types';
import { joinPairs } from './join-pairs';

export type Found = { candidate: Candidate; merchant: NormalizedMerchant };

/** A new price after a step may be up to twice (or half) the old one: plan upgrades, promos ending. */
const MAX_STEP_RATIO = 2.05;
/**
 * An introductory price (a few months at a third of the list price, or $4.99 before a $25.99
 * family plan or $30 dues) may sit further below the price that follows it, up to a tenth of it;
 * only a short first run, at the same merchant, steps up that far — or any distance from a
 * dollar or less a cycle ("$1 a month for three months").
 */
const MAX_INTRO_RATIO = 10;
const MAX_INTRO_CHARGES = 6;

/** Whether a plan's price may move by `ratio` (later price over earlier) in one step. */
export function isPriceStep(ratio: number): boolean {
  return ratio <= MAX_STEP_RATIO && ratio >= 1 / MAX_STEP_RATIO;
}

/**
 * Whether a first run of `runCharges` charges may be the introductory price of the plan after
 * it, `ratio` times dearer: short enough, and at most `MAX_INTRO_RATIO` below it — or any
 * distance below when the run is at a trial's price (`isTrialPriced`).
 */
export function isIntroductoryStep(
  ratio: number,
  runCharges: number,
  isTrialPriced = false,
): boolean {
  return (
    ratio > 1 && (ratio <= MAX_INTRO_RATIO || isTrialPriced) && runCharges <= MAX_INTRO_CHARGES
  );
}

/** A resubscription may come back at a slightly different price (a new plan year, a promo). */
export const MAX_RESUBSCRIBE_RATIO = 1.25;
const MAX_VARIABLE_RESUBSCRIBE_RATIO = 1.6;
/** Words every kind of merchant uses; sharing one says nothing about identity. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'THE',
  'AND',
  'CARD',
  'BILL',
  'PAY',
  'PAYMENT',
  'ONLINE',
  'WEB',
  'INC',
  'LLC',
  'CO',
  'COM',
  'CORP',
  'SERVICES',
  'SERVICE',
  'SVCS',
  'MONTHLY',
  'YEARLY',
  'ANNUAL',
  'PLAN',
  'SUBSCRIPTION',
  'MEMBERSHIP',
  'RECURRING',
  'PURCHASE',
  'DEBIT',
  'ACH',
  'AUTO',
  'AUTOPAY',
  'USA',
  'US',
  'OF',
  'BANK',
  'INSURANCE',
  'MOBILE',
  'WIRELESS',
  'RENT',
  'LOAN',
  'LOANS',
  'MORTGAGE',
  'FINANCIAL',
  'STUDIO',
  'FITNESS',
  'CLUB',
  'APP',
  'APPS',
  'STORE',
  'DIGITAL',
]);

/** Charges a piece needs to count on its own. */
const MIN_STANDING = 3;

function words(name: string): string[] {
  return name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word));
}

/** Same merchant key, a shared distinctive word, or one name run together inside the other. */
function sharesIdentity(a: NormalizedMerchant, b: NormalizedMerchant): boolean {
  if (a.key === b.key) return true;
  if (a.catalogueId !== null && a.catalogueId === b.catalogueId) return true;
  const wordsOfB = new Set(words(b.name));
  if (words(a.name).some((word) => wordsOfB.has(word))) return true;
  const squashedA = a.name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const squashedB = b.name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const [shorter, longer] =
    squashedA.length <= squashedB.length ? [squashedA, squashedB] : [squashedB, squashedA];
  return shorter.length >= 5 && longer.startsWith(shorter);
}

function typicalAmount(members: Candidate['members'], fromEnd: boolean): number {
  const part = fromEnd ? members.slice(-3) : members.slice(0, 3);
  return medianAmount(part);
}

/** The amount a run bills most often (of equals, the one that got there first): its plan price. */
function commonAmount(members: Candidate['members']): number {
  const counts = new Map<number, number>();
  let common = members[0]?.amount ?? 0;
  let most = 0;
  for (const charge of members) {
    const count = (counts.get(charge.amount) ?? 0) + 1;
    counts.set(charge.amount, count);
    if (count > most) {
      most = count;
      common = charge.amount;
    }
  }
  return common;
}

/** Whether `later` carries on `earlier`'s subscription (see the file comment). */
function continues(earlier: Found, later: Found): boolean {
  const a = earlier.candidate;
  const b = later.candidate;
  if (a.isTrialOnly || b.isTrialOnly) return false;
  const isOtherCadence = a.cadence !== b.cadence;
  if (
    isOtherCadence &&
    (earlier.merchant.key !== later.merchant.key || !isShortRunOnNearbyGrid(a, b))
  ) {
    return false;
  }
  const lastOfA = a.members[a.members.length - 1];
  const firstOfB = b.members[0];
  if (!lastOfA || !firstOfB) return false;
  // Two short runs are as likely chance as one subscription; at a habit (coffee, groceries)
  // both runs must stand on their own.
  const isHabit = isHabitualMerchant(earlier.merchant) || isHabitualMerchant(later.merchant);
  const standing = [a, b].filter((piece) => piece.members.length >= MIN_STANDING).length;
  // Two monthly bills at a catalogue subscription merchant are reported as a stream anyway
  // (stream.ts): two such short runs, the later on the earlier's grid, are one plan at two
  // prices (two months at an introductory price, then two at the full one), not two plans.
  const isKnownPair =
    a.cadence === 'MONTHLY' &&
    earlier.merchant.isRecurringMerchant === true &&
    later.merchant.isRecurringMerchant === true &&
    Math.min(a.members.length, b.members.length) >= 2;
  if (standing < (isHabit ? 2 : 1) && !isKnownPair) return false;
  const rule = CADENCE_RULES[b.cadence];
  const gap = firstOfB.day - lastOfA.day;
  if (gap < 0.5 * rule.periodDays && !isNextBill(a, lastOfA, firstOfB)) return false;
  const ratio = typicalAmount(b.members, false) / typicalAmount(a.members, true);
  if (gap > 2 * rule.periodDays + rule.lateDays && !isRenamedAcrossSkips(earlier, later, gap)) {
    // Cancelled, then back months later: one subscription with a gap when it is the same
    // merchant at about the same price and both runs stand on their own.
    // Metered bills are compared on their whole runs, and may differ more (another season).
    const isVariable = a.isVariable || b.isVariable;
    const runRatio = isVariable ? medianAmount(b.members) / medianAmount(a.members) : ratio;
    const limit = isVariable ? MAX_VARIABLE_RESUBSCRIBE_RATIO : MAX_RESUBSCRIBE_RATIO;
    // Back at the very same price, the comeback's first two charges are enough: a stream of
    // two is reported at a subscription merchant anyway, and would stand beside the old one.
    const hasTwo = !isVariable && Math.min(a.members.length, b.members.length) >= 2;
    const isSamePrice =
      hasTwo && Math.abs(typicalAmount(b.members, false) - typicalAmount(a.members, true)) < 0.005;
    // So are two monthly charges at a catalogue subscription merchant, at about the old price
    // (its price changed while the person was away): reported anyway, they are its return.
    const isKnownPlan =
      hasTwo && a.cadence === 'MONTHLY' && later.merchant.isRecurringMerchant === true;
    // A meal kit's last weeks before a pause may have been dearer ones, and its first weeks back
    // too: the price each run bills most often is its plan price as well.
    const planRatio = isVariable ? runRatio : commonAmount(b.members) / commonAmount(a.members);
    const isWithin = (value: number) => value <= limit && value >= 1 / limit;
    if (isOtherCadence) return isSamePrice;
    return (
      (standing === 2 || isSamePrice || isKnownPlan) &&
      earlier.merchant.key === later.merchant.key &&
      (isWithin(runRatio) || isWithin(planRatio))
    );
  }
  if (isOtherCadence) return false;
  // The later piece starts on the earlier's grid, or a cycle after its last charge: a plan
  // back after a pause on another billing day (`takeBackComeback`) whose price then stepped.
  const hit = slotOf(a.schedule, firstOfB);
  const isCycleAfter = Math.abs(gap - rule.periodDays) <= rule.toleranceDays;
  if (hit.distance > rule.lateDays && !isCycleAfter) return false;
  const isIntroduction =
    isIntroductoryStep(
      ratio,
      a.members.length,
      a.members.every((charge) => charge.amount <= TRIAL_MAX_AMOUNT),
    ) &&
    (b.members.length >= MIN_STANDING || isKnownPair) &&
    earlier.merchant.key === later.merchant.key;
  if (!isIntroduction && !isPriceStep(ratio)) return false;
  if (sharesIdentity(earlier.merchant, later.merchant)) return true;
  const category = earlier.merchant.category;
  return (
    category !== 'other' &&
    category === later.merchant.category &&
    Math.abs(firstOfB.amount - lastOfA.amount) < 0.005
  );
}

/** Runs this short, before a pause, may read on a grid one step from the plan's own. */
const MAX_AMBIGUOUS_RUN = 3;

/**
 * Whether the earlier piece is a run too short to know its cadence by, on a grid at most twice
 * or half as fast as the later piece's: three weekly boxes with a skipped fortnight fit every
 * two weeks as well. Across a pause, at the very same price (`continues`), it is the same plan's
 * earlier run.
 */
function isShortRunOnNearbyGrid(a: Candidate, b: Candidate): boolean {
  const ratio = CADENCE_RULES[a.cadence].periodDays / CADENCE_RULES[b.cadence].periodDays;
  return a.members.length <= MAX_AMBIGUOUS_RUN && ratio <= 2.2 && ratio >= 1 / 2.2;
}

/**
 * Whether the later piece's first charge is the earlier piece's next bill, on time in the slot
 * after its last charge's: closer than half a cycle to that charge only because the last one
 * posted late (a weekly plan's bank may post a charge up to five days after it was made). A last
 * charge days before the slot the first is on time in is the slot before's, posted late: a bill
 * posts on its day or after it, never days before.
 */
function isNextBill(a: Candidate, lastOfA: Charge, firstOfB: Charge): boolean {
  const next = slotOf(a.schedule, firstOfB);
  if (next.distance > CADENCE_RULES[a.cadence].toleranceDays) return false;
  const last = slotOf(a.schedule, lastOfA);
  return next.slot > last.slot || (next.slot === last.slot && lastOfA.day < next.date);
}

/**
 * A weekly plan that skips a few weeks just as the merchant changes its descriptor ("FACTOR*
 * MEALS", then "FACTOR75") leaves two pieces further apart than two cycles, under two merchant
 * keys. Shorter than a pause, the gap is skipped weeks, not a cancellation: when both pieces
 * stand, share a distinctive name and the later one starts on the earlier one's grid, it
 * continues it like any other renamed piece (the checks after the long-gap branch).
 */
function isRenamedAcrossSkips(earlier: Found, later: Found, gap: number): boolean {
  const a = earlier.candidate;
  const b = later.candidate;
  return (
    earlier.merchant.key !== later.merchant.key &&
    gap < pauseDaysFor(a.cadence) &&
    a.members.length >= MIN_STANDING &&
    b.members.length >= MIN_STANDING &&
    sharesIdentity(earlier.merchant, later.merchant)
  );
}

/** One candidate holding both pieces; predictions follow the later piece's billing day. */
function join(earlier: Found, later: Found): Found {
  const a = earlier.candidate;
  const b = later.candidate;
  const untilDay = b.members[0]?.day ?? 0;
  const fit = b.fit ? { ...b.fit, earlier: { schedule: a.schedule, untilDay } } : null;
  return {
    merchant: later.merchant,
    candidate: {
      ...b,
      fit,
      members: [...a.members, ...b.members].sort(byDay),
      extras: [...a.extras, ...b.extras].sort(byDay),
      reversed: [...a.reversed, ...b.reversed].sort(byDay),
      trial: a.trial ?? b.trial,
      isVariable: a.isVariable || b.isVariable,
    },
  };
}

/**
 * Chains pieces in order of their first charge: each joins the open chain it best continues
 * (the nearest in time), else starts a chain of its own.
 */
export function mergeFragments(found: readonly Found[]): Found[] {
  const firstDay = (item: Found): number => item.candidate.members[0]?.day ?? Infinity;
  const ordered = [...found].sort((x, y) => firstDay(x) - firstDay(y));
  const chains: Found[] = [];
  for (const item of ordered) {
    let best = -1;
    let bestGap = Infinity;
    chains.forEach((chain, index) => {
      if (!continues(chain, item)) return;
      const last = chain.candidate.members[chain.candidate.members.length - 1]?.day ?? 0;
      const gap = firstDay(item) - last;
      if (gap < bestGap) [best, bestGap] = [index, gap];
    });
    const chain = chains[best];
    if (chain) chains[best] = join(chain, item);
    else chains.push(item);
  }
  return joinSpellingsOnOneGrid(chains);
}

/** Pieces under two spellings within this price ratio may be one plan. */
const MAX_SPELLING_PRICE_RATIO = 1.25;

/**
 * A merchant that prints its name two ways with nothing at the start in common ("DZR*DEEZER
 * PREMIUM" and "DEEZER", "KUMON CENTER" and "KUMON NORTH AMERICA") and alternates between them
 * leaves two pieces that overlap in time, each with holes where the other spelling's charges
 * sit — or a slower piece made of one spelling's charges. Overlapping pieces are otherwise two
 * subscriptions; under two spellings that share a distinctive word, at about one price, they
 * are one when together they fill one grid (the faster piece's) with at most one charge left
 * out: two plans would put two charges in a cycle.
 */
function joinSpellingsOnOneGrid(chains: Found[]): Found[] {
  return joinPairs(chains, unionOfSpellings);
}

function unionOfSpellings(x: Found, y: Found): Found | null {
  const a = x.candidate;
  const b = y.candidate;
  if (a.isVariable || b.isVariable || a.isTrialOnly || b.isTrialOnly) return null;
  if (x.merchant.key === y.merchant.key) return null;
  if (!overlapInTime(a, b) || !isAboutOnePrice(a, b, MAX_SPELLING_PRICE_RATIO)) return null;
  if (!sharesIdentity(x.merchant, y.merchant)) return null;
  const cadence =
    CADENCE_RULES[a.cadence].periodDays <= CADENCE_RULES[b.cadence].periodDays
      ? a.cadence
      : b.cadence;
  const charges = [...a.members, ...a.extras, ...b.members, ...b.extras].sort(byDay);
  const fit = bestFit(charges, [cadence], FIXED_AMOUNT_LIMITS);
  if (!fit || fit.members.length < a.members.length + b.members.length - 1) return null;
  const [earlier, later] = firstDayOf(a) <= firstDayOf(b) ? [x, y] : [y, x];
  const latest = lastDayOf(a) >= lastDayOf(b) ? x : y;
  return {
    merchant: latest.merchant,
    candidate: {
      ...candidateFrom(charges, fit),
      reversed: [...a.reversed, ...b.reversed].sort(byDay),
      trial: earlier.candidate.trial ?? later.candidate.trial,
    },
  };
}
