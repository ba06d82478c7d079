/**
 * Finds the recurring streams among one merchant's charges. In order:
 *   1. refunds that undo a charge mark it reversed (failed payment or returned duplicate);
 *   2. at a biller (utility, carrier, insurer, landlord) all charges are first read as one
 *      bill whose amount may vary (bill-streams.ts);
 *   3. otherwise each amount level that follows a cadence is a fixed-price stream, joined
 *      across price changes (fixed-streams.ts), and billers' odd months fill its empty slots;
 *      where no level stands, a few weeks of a known plan at varying prices may be one
 *      (short-weekly-plan.ts);
 *   4. a $0–$1 charge shortly before a stream's first charge is its free trial (trials.ts);
 *   5. what is left, unless the merchant is a habit, may still be one variable-amount bill;
 *   6. reversed charges join the stream whose slot they sit in;
 *   7. a known subscription merchant with only a recent $0–$1 charge is a running trial.
 * Habitual merchants (coffee, groceries, rides, fuel, marketplaces — or any merchant where the
 * person pays assorted amounts every week) only qualify with a fixed amount, monthly or slower:
 * Amazon Subscribe & Save, not Amazon orders.
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import {
  candidateFrom,
  firstDayOf,
  isAboutOnePrice,
  overlapInTime,
  reversalDistance,
  TRIAL_MAX_AMOUNT,
  type Candidate,
  type GroupContext,
} from './candidate';
import { byDay, groupByAmount, markReversals, medianAmount, type Charge } from './charges';
import { fillEmptySlots, findVariableStreams, findWholeBill, isBiller } from './bill-streams';
import { findFixedStreams } from './fixed-streams';
import { MAX_ADD_ON_RATIO } from './level-bands';
import { findEarlierRuns, findResumedRuns } from './resumed-runs';
import { bestFit, FIXED_AMOUNT_LIMITS } from './schedule-fit';
import { isBankFee, isHabitualMerchant, RAW_KEY } from './normalize';
import { standsAmongStrays, standsAtStorefront, storefrontStrays } from './storefronts';
import { attachTrial, findRunningTrial } from './trials';
import type { NormalizedMerchant } from './types';
import { joinPairs } from './join-pairs';
import { findShortWeeklyPlan } from './short-weekly-plan';

/** Below this many charges no fixed-price candidate stands in a short weekly plan's way. */
const SHORT_PLAN_STANDS = 3;

export type MerchantGroup = {
  merchant: NormalizedMerchant;
  /** Amount >= 0, sorted by day. */
  charges: Charge[];
  /** Amount < 0, sorted by day. */
  refunds: Charge[];
};

/** Above this many stray charges a month (outside its two main amounts) a merchant is a habit. */
const BUSY_STRAY_CHARGES_PER_MONTH = 2;

/**
 * Habitual merchants (per the catalogue or the descriptor's words) get the strict rules, and
 * so does any merchant where the person keeps paying assorted amounts: with dozens of random
 * charges a year, a few will line up by chance. A weekly meal kit or a daily transfer repeats
 * one amount, so it is not "busy" however often it charges.
 */
function isHabitual(
  merchant: NormalizedMerchant,
  paid: readonly Charge[],
  levels: readonly Charge[][],
): boolean {
  if (isHabitualMerchant(merchant)) return true;
  const first = paid[0];
  const last = paid[paid.length - 1];
  if (!first || !last) return false;
  // The two largest levels, read in one pass (a busy merchant has hundreds of levels).
  let largest = 0;
  let second = 0;
  for (let i = 0; i < levels.length; i++) {
    const size = (levels[i] as Charge[]).length;
    if (size > largest) {
      second = largest;
      largest = size;
    } else if (size > second) {
      second = size;
    }
  }
  const stray = paid.length - largest - second;
  const months = (last.day - first.day) / 30.44 + 1;
  return stray / months > BUSY_STRAY_CHARGES_PER_MONTH;
}

/**
 * A merchant's streams, and whether the merchant is a habit, read on all its charges: what an
 * account-by-account search of it inherits (`knownHabit`), since one card's share of a habit
 * (the same drink a few times a week, paid with whichever card is at hand) can look like a plan
 * with a skipped week here and there.
 */
export type GroupStreams = { candidates: Candidate[]; isHabitual: boolean };

/** `knownHabit`: the merchant is a habit whatever these charges show (one account's search). */
export function findGroupStreams(
  group: MerchantGroup,
  asOf: number,
  knownHabit = false,
): GroupStreams {
  markReversals(group.charges, group.refunds);
  // Only a refund reverses a charge, and most merchants have neither refunds nor $0 charges:
  // then the lists are the charges themselves rather than copies (nothing changes them).
  const hasRefunds = group.refunds.length > 0;
  const active = hasRefunds ? group.charges.filter((charge) => !charge.isReversed) : group.charges;
  const paid = active.every((charge) => charge.amount > 0)
    ? active
    : active.filter((charge) => charge.amount > 0);
  const levels = groupByAmount(paid);
  const context: GroupContext = {
    merchant: group.merchant,
    reversed: hasRefunds ? group.charges.filter((charge) => charge.isReversed) : [],
    active,
    paid,
    isHabitual: knownHabit || isHabitual(group.merchant, paid, levels),
  };

  const wholeBill = isBiller(context) && !context.isHabitual ? findWholeBill(context) : [];
  let candidates = wholeBill.length > 0 ? wholeBill : findFixedStreams(context, levels);
  if (candidates.every((candidate) => candidate.members.length < SHORT_PLAN_STANDS)) {
    const plan = findShortWeeklyPlan(context);
    if (plan) candidates = [plan];
  }
  const consumed = new Set<Charge>();
  const consume = (candidate: Candidate): void => {
    for (const charge of candidate.members) consumed.add(charge);
    for (const charge of candidate.extras) consumed.add(charge);
    if (candidate.trial) consumed.add(candidate.trial);
  };
  candidates.forEach(consume);
  if (!context.isHabitual && wholeBill.length === 0) {
    for (const candidate of candidates) fillEmptySlots(candidate, context, consumed);
    if (!context.merchant.isStorefront) {
      candidates = findResumedRuns(candidates, context, consumed);
      candidates = findEarlierRuns(candidates, context, consumed);
    }
  }
  if (!context.isHabitual && !context.merchant.isStorefront && wholeBill.length === 0) {
    candidates.forEach((candidate, index) => {
      const faster = onFasterGrid(candidate, context, consumed);
      if (!faster) return;
      candidates[index] = faster;
      consume(faster);
    });
  }
  for (const candidate of candidates) attachTrial(candidate, context, consumed);
  if (!context.isHabitual) {
    for (const variable of findVariableStreams(context, consumed)) {
      candidates.push(variable);
      consume(variable);
    }
  }
  // An absorbed piece's charges on time in the stream's empty slots are its bills there.
  const fill = (host: Candidate, charges: Charge[]): Charge[] => {
    if (context.isHabitual || wholeBill.length > 0) return charges;
    const filled = new Set<Charge>();
    fillEmptySlots(host, { ...context, paid: charges }, filled);
    return filled.size > 0 ? charges.filter((charge) => !filled.has(charge)) : charges;
  };
  const whole = absorbSlowerPieces(
    context.isHabitual ? candidates : joinOnOneGrid(candidates),
    fill,
  );
  let atStore = whole;
  let standing: ReadonlySet<Charge> = consumed;
  if (context.merchant.isStorefront) {
    // What cannot stand as a plan at the store even where the person buys nothing else there
    // is purchases: the person does buy there, and those charges are strays beside the rest.
    const buysThere =
      context.paid.some((charge) => !consumed.has(charge)) ||
      whole.some((candidate) => !standsAtStorefront(candidate, false, asOf));
    atStore = whole.filter((candidate) => standsAtStorefront(candidate, buysThere, asOf));
    if (atStore.length < whole.length) standing = chargesOf(atStore);
  }
  const strays = storefrontStrays(context, standing);
  const kept = (
    strays ? atStore.filter((candidate) => standsAmongStrays(candidate, strays)) : atStore
  ).filter((candidate) => !isTwoAccountsPlans(candidate));
  attachReversed(kept, group.charges);
  // A lone $0–$1 charge at a store is a purchase, not a trial.
  const trial =
    strays || context.merchant.isStorefront ? null : findRunningTrial(context, consumed, asOf);
  if (trial) kept.push(trial);
  return { candidates: kept, isHabitual: context.isHabitual };
}

/** The charges candidates hold: members, extras and trials. */
function chargesOf(candidates: readonly Candidate[]): Set<Charge> {
  const charges = new Set<Charge>();
  for (const candidate of candidates) {
    for (const charge of candidate.members) charges.add(charge);
    for (const charge of candidate.extras) charges.add(charge);
    if (candidate.trial) charges.add(candidate.trial);
  }
  return charges;
}

/** Cadences of half a month: two monthly plans on two accounts fill such a grid together. */
const HALF_MONTH_CADENCES: readonly KnownCadence[] = ['BIWEEKLY', 'SEMI_MONTHLY'];
/** Above this share of a half-month stream's charges on one account, the account pays it. */
const MAX_ONE_ACCOUNT_SHARE = 0.75;

/**
 * Two people of a household on one plan each, at one price, paid from two accounts (two
 * Kindle Unlimited plans, two App Store plans): their charges together fill a half-month grid
 * (semi-monthly, or every two weeks), each account's charges a monthly one. A half-month
 * stream whose charges come from two accounts, neither paying most of them, and that steps
 * from one account to the other at most of its bills, is those two plans: it is dropped here,
 * and the per-account search (`streamsPerAccount`) finds each. A plan moved to another card
 * changes account once and stays one stream, however few bills the first card paid. A weekly
 * stream made of several such plans is dropped too (`isInterleavedAccounts`).
 */
function isTwoAccountsPlans(candidate: Candidate): boolean {
  if (candidate.cadence === 'WEEKLY') return isInterleavedAccounts(candidate);
  if (!HALF_MONTH_CADENCES.includes(candidate.cadence)) return false;
  const perAccount = new Map<string | undefined, number>();
  for (const charge of candidate.members) {
    perAccount.set(charge.account, (perAccount.get(charge.account) ?? 0) + 1);
  }
  if (perAccount.size < 2) return false;
  const most = Math.max(...perAccount.values());
  return (
    most <= MAX_ONE_ACCOUNT_SHARE * candidate.members.length && isInterleavedAccounts(candidate)
  );
}

/** Above this share of a stream's steps from bill to bill changing account: several plans. */
const MAX_ACCOUNT_CHANGE_SHARE = 0.5;

/**
 * Monthly plans at one price on different days of the month, paid from different accounts (an
 * app store's plans, one per person in a household), fill a faster grid together; a plan bills
 * the card on file, and moves to another card once or twice, not from one bill to the next.
 * A stream that changes account at most steps is those plans: dropped here, each account's
 * search (`streamsPerAccount`) finds them.
 */
function isInterleavedAccounts(candidate: Candidate): boolean {
  const { members } = candidate;
  let changes = 0;
  for (let i = 1; i < members.length; i++) {
    if ((members[i] as Charge).account !== (members[i - 1] as Charge).account) changes++;
  }
  return changes > MAX_ACCOUNT_CHANGE_SHARE * (members.length - 1);
}

/** The faster grids a slow stream's leftovers may show it is on. */
const FASTER_CADENCES: Partial<Record<KnownCadence, readonly KnownCadence[]>> = {
  YEARLY: ['QUARTERLY', 'MONTHLY'],
  QUARTERLY: ['MONTHLY'],
  BIWEEKLY: ['WEEKLY'],
};
/** Leftovers within this ratio of a stream's price are that price, changed a little. */
const MAX_REGRID_PRICE_RATIO = 1.25;
/** Charges the faster stream must hold (one more than a stream's fewest, three). */
const MIN_REGRID_CHARGES = 4;

/**
 * A plan whose price changes now and then (a few cents of tax, a rise, a promotion ending and
 * coming back) keeps its original price on only some of its charges: those may fit a slower
 * grid alone — a quarterly plan's charges a year apart at the same price read as a yearly
 * stream of two — while the cycles between, at other prices, are left over. So with a meal kit
 * whose boxes at the plan price, a week skipped here and there, fill every other week, and whose
 * boxes with extras sit in the weeks between. When the leftovers at about the stream's price
 * (within `MAX_REGRID_PRICE_RATIO`) and its own charges together fill a faster grid, leaving at
 * most one out, they are that faster stream.
 */
function onFasterGrid(
  candidate: Candidate,
  context: GroupContext,
  consumed: ReadonlySet<Charge>,
): Candidate | null {
  const cadences = FASTER_CADENCES[candidate.cadence];
  if (!cadences || candidate.isTrialOnly || candidate.isVariable) return null;
  const price = medianAmount(candidate.members);
  const near = context.paid.filter(
    (charge) =>
      !consumed.has(charge) &&
      charge.amount <= price * MAX_REGRID_PRICE_RATIO &&
      charge.amount * MAX_REGRID_PRICE_RATIO >= price,
  );
  if (near.length === 0) return null;
  const charges = [...candidate.members, ...candidate.extras, ...near].sort(byDay);
  const fit = bestFit(charges, cadences, FIXED_AMOUNT_LIMITS);
  if (!fit || fit.members.length < Math.max(MIN_REGRID_CHARGES, charges.length - 1)) return null;
  // Three weeks in four, not the half a skipping weekly plan may fill: a fortnightly plan and one
  // stray between its weeks fill half a weekly grid.
  if (fit.coverage < FIXED_AMOUNT_LIMITS.minCoverage) return null;
  return { ...candidateFrom(charges, fit), reversed: candidate.reversed, trial: candidate.trial };
}

/**
 * Two pieces at one merchant that overlap in time are two subscriptions only if together they
 * fit no one grid: two plans put two charges in a cycle, which one grid leaves as extras. A
 * weekly meal kit whose price steps or whose dearer weeks break its base price's grid is
 * otherwise found as pieces side by side (an old price's weeks beside the new one's, or
 * alternate weeks read as two semi-monthly runs) that together fill one weekly grid. Such pieces
 * are one stream on the fastest grid that holds them all (no slower than either piece).
 */
function joinOnOneGrid(candidates: Candidate[]): Candidate[] {
  return joinPairs(candidates, unionOnOneGrid);
}

const ALTERNATE_WEEK_CADENCES: readonly KnownCadence[] = ['BIWEEKLY', 'SEMI_MONTHLY', 'WEEKLY'];

function unionOnOneGrid(a: Candidate, b: Candidate): Candidate | null {
  if (a.isVariable || b.isVariable || a.isTrialOnly || b.isTrialOnly) return null;
  if (!overlapInTime(a, b)) return null;
  // A faster grid only for a plan's alternate weeks: pieces at about one price (its base weeks
  // and its dearer weeks, up to `MAX_ADD_ON_RATIO` as much), each every two weeks or twice a
  // month. Two plans billed on two days of the month at about one price (Apple's $9.99 and
  // $10.99) would fill a semi-monthly grid too, so monthly pieces keep their grid.
  // So are a skipping weekly plan's weeks at one price beside its weeks at another: one price
  // may be left with every other week (skips, dearer weeks), the other read weekly.
  const isAlternateWeeks =
    isAboutOnePrice(a, b, MAX_ADD_ON_RATIO) &&
    ALTERNATE_WEEK_CADENCES.includes(a.cadence) &&
    ALTERNATE_WEEK_CADENCES.includes(b.cadence) &&
    (a.cadence !== 'WEEKLY' || b.cadence !== 'WEEKLY');
  const cadences: KnownCadence[] = isAlternateWeeks ? ['WEEKLY'] : [];
  if (a.cadence === b.cadence) cadences.push(a.cadence);
  if (cadences.length === 0) return null;
  const charges = [...a.members, ...a.extras, ...b.members, ...b.extras].sort(byDay);
  const fit = bestFit(charges, cadences, FIXED_AMOUNT_LIMITS);
  if (!fit || fit.members.length < a.members.length + b.members.length - 1) return null;
  const earlier = firstDayOf(a) <= firstDayOf(b) ? a : b;
  return {
    ...candidateFrom(charges, fit),
    reversed: [...a.reversed, ...b.reversed],
    trial: earlier.trial ?? (earlier === a ? b.trial : a.trial),
  };
}

/** A slower piece is absorbed by a stream at least this many times faster. */
const MIN_SPEED_RATIO = 2;
/** A yearly piece is absorbed only by a stream billed this often or more (weekly, biweekly). */
const MAX_YEARLY_HOST_PERIOD = 14;

/**
 * A slower "stream" at one merchant that lies within a faster stream's span (give or take one of
 * its cycles and a late window: a first box with extras, ten days before the first at the plan
 * price), at about its price, is made of that stream's leftovers — a meal kit's week billed twice
 * or with extras, a late delivery — that happen to fall a month or a quarter apart. Its charges
 * alone in a slot of the faster stream are that slot's bills (`fill`: a dearer week, perhaps the
 * latest); the rest are the faster stream's extras. Two plans at one merchant differ in price or
 * bill yearly (a gym's annual fee beside its dues).
 */
function absorbSlowerPieces(
  candidates: Candidate[],
  fill: (host: Candidate, charges: Charge[]) => Charge[],
): Candidate[] {
  if (candidates.length < 2) return candidates;
  const absorbed = new Set<Candidate>();
  for (const guest of candidates) {
    const first = guest.members[0];
    const last = guest.members[guest.members.length - 1];
    if (!first || !last || guest.isTrialOnly) continue;
    const period = CADENCE_RULES[guest.cadence].periodDays;
    const price = medianAmount(guest.members);
    const host = candidates.find((other) => {
      if (other === guest || absorbed.has(other) || other.members.length <= guest.members.length)
        return false;
      const hostRule = CADENCE_RULES[other.cadence];
      const hostPeriod = hostRule.periodDays;
      const reach = hostPeriod + hostRule.lateDays;
      const from = (other.members[0]?.day ?? Infinity) - reach;
      const to = (other.members[other.members.length - 1]?.day ?? -Infinity) + reach;
      const ratio = price / medianAmount(other.members);
      // A yearly fee beside a monthly plan (a gym's annual fee) is a product of its own; two
      // charges a year apart at about a weekly plan's price are two of its dearer weeks.
      if (guest.cadence === 'YEARLY' && hostPeriod > MAX_YEARLY_HOST_PERIOD) return false;
      return (
        period >= MIN_SPEED_RATIO * hostPeriod &&
        first.day >= from &&
        last.day <= to &&
        ratio >= 0.6 &&
        ratio <= 1.7
      );
    });
    if (!host) continue;
    const left = fill(host, [...guest.members, ...guest.extras]);
    host.extras = [...host.extras, ...left].sort(byDay);
    absorbed.add(guest);
  }
  return absorbed.size > 0
    ? candidates.filter((candidate) => !absorbed.has(candidate))
    : candidates;
}

/** Reversed charges belong to the stream whose slot (or next slot) they sit in, at its price. */
function attachReversed(candidates: readonly Candidate[], charges: readonly Charge[]): void {
  for (const charge of charges) {
    if (!charge.isReversed) continue;
    let best: { candidate: Candidate; distance: number } | null = null;
    for (const candidate of candidates) {
      const distance = reversalDistance(candidate, charge);
      if (distance === null || distance > CADENCE_RULES[candidate.cadence].lateDays) continue;
      if (!best || distance < best.distance) best = { candidate, distance };
    }
    best?.candidate.reversed.push(charge);
  }
}

/**
 * Most merchants in a history are one-off purchases; only a lone trial charge at a known
 * subscription merchant can make a stream out of a single charge, so the rest are skipped early.
 */
export function mayHoldStream(group: MerchantGroup): boolean {
  const [first, second] = group.charges;
  if (!first) return false;
  // A transfer the catalogue does not know (not Venmo, Zelle, …) moves money between the
  // person's own accounts: regular, but neither a subscription nor a bill.
  if (group.merchant.category === 'transfers' && group.merchant.catalogueId === null) return false;
  // The bank's own fees are the account's cost, however regular (`isBankFee`).
  if (group.merchant.key.startsWith(RAW_KEY) && isBankFee(group.merchant.key.slice(RAW_KEY.length)))
    return false;
  return (
    second !== undefined ||
    (first.amount <= TRIAL_MAX_AMOUNT && group.merchant.isRecurringMerchant === true)
  );
}
