/**
 * Streams at a store: a merchant that bills one-off purchases under the same descriptor as its
 * plans. A few equal prices a month or a quarter apart there are as likely purchases that
 * repeated as a plan. Two ways to know a store: the catalogue says so (`isStorefront`: app
 * stores, video stores, game consoles' stores), or the person buys one-offs there beside the
 * run (`storefrontStrays`, any merchant).
 */
import { CADENCE_RULES, DETECTABLE_CADENCES, type KnownCadence } from './cadence';
import type { Candidate, GroupContext } from './candidate';
import { medianAmount, type Charge } from './charges';
import { BILL_CATEGORIES } from './normalize';
import { distanceToSlot, slotOf } from './schedule';
import type { NormalizedMerchant } from './types';

/**
 * App and video stores sell plans by the week, month, quarter or year, never twice a month or
 * every two weeks: one price there on two days of the month is two monthly plans (two people's,
 * paid from one card; `plansAtOnePrice`), not one semi-monthly plan.
 */
export const STORE_CADENCES: readonly KnownCadence[] = DETECTABLE_CADENCES.filter(
  (cadence) => cadence !== 'SEMI_MONTHLY' && cadence !== 'BIWEEKLY',
);

/** One-off purchases (charges in no stream) that make a merchant a storefront. */
const STOREFRONT_STRAYS = 3;
const STOREFRONT_MIN_CHARGES = 3;
const STOREFRONT_MIN_COVERAGE = 0.85;
/**
 * How far above every one-off a plan must cost to stand on its price: a yearly plan of two
 * charges, or a monthly one short of `STOREFRONT_MIN_COVERAGE`. A store's price points climb in
 * steps of at most half again ($9.99, $14.99, $19.99, $24.99): a price one step above the
 * dearest purchase seen is as likely another purchase, while a year of a plan costs several
 * months' worth of one.
 */
const ABOVE_PURCHASES = 1.5;
/** A run this long stands among strays on any acceptable grid. */
const LONG_RUN_CHARGES = 12;

/**
 * An app store or marketplace sells one-off items under the same descriptor as its
 * subscriptions, so a few equal prices a month or a year apart there are as likely purchases as
 * a plan. Where the person also buys one-offs (the "strays", returned here; null when there are
 * too few), a stream needs three charges on a nearly full grid — or, yearly, a price above every
 * one-off, as an annual plan costs more than an app — and a lone $0–$1 charge is a purchase,
 * not a trial.
 */
export function storefrontStrays(
  context: GroupContext,
  consumed: ReadonlySet<Charge>,
): Charge[] | null {
  // A biller's odd months are not purchases (bill-streams.ts `isBiller`, not imported: the fill
  // there asks this file whether a charge is early at a store).
  if (BILL_CATEGORIES.has(context.merchant.category)) return null;
  const strays = context.paid.filter((charge) => !consumed.has(charge));
  return strays.length >= STOREFRONT_STRAYS ? strays : null;
}

/**
 * The candidates that stand among a merchant's one-off purchases when there are enough of them
 * to make it a storefront (`storefrontStrays`); a running trial there is a purchase. For a
 * search of one account's share of a merchant (`streamsPerAccount` in accounts.ts), whose
 * purchases may sit on the other accounts: a storefront is one across all of them, and at a
 * store the catalogue knows one purchase on any account means the person buys there.
 */
export function standingAmongPurchases(
  candidates: readonly Candidate[],
  purchases: readonly Charge[],
  merchant: NormalizedMerchant,
  asOf: number,
): Candidate[] {
  const atStore =
    merchant.isStorefront && purchases.length > 0
      ? candidates.filter((candidate) => standsAtStorefront(candidate, true, asOf))
      : candidates;
  if (purchases.length < STOREFRONT_STRAYS) return [...atStore];
  return atStore.filter(
    (candidate) => !candidate.isTrialOnly && standsAmongStrays(candidate, purchases),
  );
}

export function standsAmongStrays(candidate: Candidate, strays: readonly Charge[]): boolean {
  // A plan's price may also be an item's, now and then; a price the person pays as often
  // outside the run as in it is a purchase that happened to repeat.
  const samePrice = strays.filter((stray) =>
    candidate.members.some((member) => Math.abs(member.amount - stray.amount) < 0.005),
  ).length;
  if (samePrice * 2 >= candidate.members.length) return false;
  // A year of a plan costs more than a typical one-off there: the store's cheapest prices a year
  // apart, three years running, are purchases that happened to fall on one week of the year.
  if (candidate.cadence === 'YEARLY' && isBelowTypicalPurchase(candidate, strays)) return false;
  // A dozen charges at one price on an acceptable grid are a plan, not chance: a weekly meal
  // kit's strays are its dearer weeks and skipped-week leftovers, which keep its coverage low.
  if (candidate.members.length >= LONG_RUN_CHARGES) return true;
  if (
    candidate.members.length >= STOREFRONT_MIN_CHARGES &&
    (candidate.fit?.coverage ?? 0) >= STOREFRONT_MIN_COVERAGE
  ) {
    return true;
  }
  // Purchases land on any day: five charges or more each on its billing day to the day (the
  // bank printing the day each was made) are a plan that skipped a month or two.
  if (candidate.members.length >= STORE_SHORT_RUN && candidate.fit?.meanAbsResidual === 0) {
    return true;
  }
  // A price well above every one-off is no purchase that repeated: a yearly plan's two charges,
  // or a dear monthly plan that skipped a month or two.
  const dearestStray = Math.max(...strays.map((charge) => charge.amount));
  const isAbovePurchases = candidate.members.every(
    (charge) => charge.amount > ABOVE_PURCHASES * dearestStray,
  );
  if (candidate.cadence === 'YEARLY') return candidate.members.length >= 2 && isAbovePurchases;
  return candidate.members.length >= STORE_SHORT_RUN && isAbovePurchases;
}

/** Whether every charge of the candidate costs less than the store's median one-off purchase. */
function isBelowTypicalPurchase(candidate: Candidate, strays: readonly Charge[]): boolean {
  const typical = medianAmount(strays);
  return candidate.members.every((charge) => charge.amount < typical);
}

/** A run shorter than this at a catalogue store must be one price, on time every time. */
const STORE_SHORT_RUN = 5;
/** Charges a run that is not yearly needs at a catalogue store where the person buys one-offs. */
const STORE_MIN_CHARGES = 4;
/**
 * A plan bills the card on file: moved to another card, it stays there. Purchases are paid with
 * whichever card is at hand, so a run whose charges go back to a card they left (three people
 * of a household buying the same $1.99 item now and then) is purchases.
 */
const MAX_ACCOUNT_MOVES = 1;
/** How far from its slot a short run's charge may sit, as a share of the on-time window. */
const STORE_MAX_DISTANCE_SHARE = 0.5;

/**
 * Whether a candidate at a store the catalogue knows (`isStorefront`) is a plan rather than
 * purchases that happened to repeat. Where the person buys nothing else there (`buysThere`
 * false) the store is any subscription merchant, except that two charges of a plan not yearly
 * (enough at a catalogue subscription merchant, stream.ts) must be one price and the plan still
 * running: two rentals a month apart long ago are as likely as a plan that was cancelled after
 * two bills, while a new plan's first two bills have just come. Where the
 * person also buys one-offs there, a plan bills one price on one day of its cycle, changing price
 * now and then, while rentals at a store's few price points land anywhere in the month, and
 * three or four of them at one price fall on some grid's windows often enough. So there, below
 * `LONG_RUN_CHARGES` (which stands as anywhere):
 * - at most one change of price, in time order (a step; a price that comes back is a purchase
 *   that filled a slot), and no variable amount;
 * - at most one change of account (a card switch; `MAX_ACCOUNT_MOVES`);
 * - a short run (under `STORE_SHORT_RUN`): one price, no second charge in a cycle, and every
 *   charge within half the on-time window of its slot — measured on the histories, a store
 *   plan's charges sit 0–2 days from their slots (at most 2 days monthly, 2 yearly), while runs
 *   of rentals and app purchases that pass the grid sit 3–9 days off or hold a second charge;
 * - four charges unless yearly: three rentals a month apart are common enough to prove nothing,
 *   while yearly plans (two charges) are common at app stores.
 */
export function standsAtStorefront(
  candidate: Candidate,
  buysThere: boolean,
  asOf: number,
): boolean {
  if (candidate.isTrialOnly) return false;
  const { members } = candidate;
  if (!buysThere) {
    if (candidate.cadence === 'YEARLY' || members.length >= STORE_MIN_CHARGES - 1) return true;
    const rule = CADENCE_RULES[candidate.cadence];
    const last = members[members.length - 1];
    return (
      last !== undefined &&
      priceChanges(members) === 0 &&
      asOf - last.day <= rule.periodDays + rule.graceDays
    );
  }
  if (members.length >= LONG_RUN_CHARGES) return true;
  if (candidate.isVariable || priceChanges(members) > 1) return false;
  if (accountMoves(members) > MAX_ACCOUNT_MOVES) return false;
  if (members.length >= STORE_SHORT_RUN) return true;
  if (candidate.cadence !== 'YEARLY' && members.length < STORE_MIN_CHARGES) return false;
  if (priceChanges(members) > 0 || candidate.extras.length > 0) return false;
  const limit = STORE_MAX_DISTANCE_SHARE * CADENCE_RULES[candidate.cadence].toleranceDays;
  return members.every((charge) => distanceToSlot(candidate.schedule, charge) <= limit);
}

/**
 * Whether a charge sits days before its slot on a store plan's grid — further than half the
 * on-time window (`STORE_MAX_DISTANCE_SHARE`). A plan's bill posts on its billing day or after
 * it, never days before; a purchase there a few days before the plan's next bill, at another
 * price, is not that bill at a new price.
 */
export function isEarlyAtStore(candidate: Candidate, charge: Charge): boolean {
  const slot = slotOf(candidate.schedule, charge);
  const limit = STORE_MAX_DISTANCE_SHARE * CADENCE_RULES[candidate.cadence].toleranceDays;
  return slot.date - charge.day > limit;
}

/** How many times the account changes from one charge to the next. */
function accountMoves(charges: readonly Charge[]): number {
  let moves = 0;
  for (let i = 1; i < charges.length; i++) {
    if ((charges[i] as Charge).account !== (charges[i - 1] as Charge).account) moves++;
  }
  return moves;
}

/** How many times the price changes from one charge to the next. */
function priceChanges(charges: readonly Charge[]): number {
  let changes = 0;
  for (let i = 1; i < charges.length; i++) {
    if (Math.abs((charges[i] as Charge).amount - (charges[i - 1] as Charge).amount) >= 0.005)
      changes++;
  }
  return changes;
}
