/**
 * One merchant's transactions, prepared for schedule fitting: outflows become `Charge`s, refunds
 * that undo a charge mark it reversed (a failed payment, or a duplicate the merchant gave back),
 * and charges are grouped into amount levels. Detection looks at each level on its own first,
 * because two subscriptions at one merchant ($2.99 iCloud, $10.99 Apple Music) are only told
 * apart by their price.
 */
import { civilFromDays, dateInMonth, daysFromCivil, daysInMonth } from './dates';
import type { DatedPoint } from './schedule';
import type { Transaction } from './types';

export type Charge = DatedPoint & {
  id: string;
  /**
   * The day the bank posted it. `day` is when the merchant charged: the same, or the purchase
   * date the bank printed in the descriptor (`purchaseDayIn`).
   */
  postedDay: number;
  amount: number;
  isReversed: boolean;
  /** The account it was paid from, when the transaction names one. */
  account: string | undefined;
};

/**
 * Builds the charge for a transaction, rejecting what detection cannot place in time or size.
 * A card charge is placed on the day it was made when its bank printed that day in the
 * descriptor (`purchaseDayIn`): the posting lag of a card purchase (up to a few days, longer
 * over weekends) would blur a weekly rhythm. The charge is built once, with its final day, and
 * never changed after: V8 then keeps its fields constant. Charges moved after they were built
 * made reading the dev set's transactions take 102 ms a pass instead of 53 in most runs
 * (`bench:detect`'s dev-set throughput).
 */
export function toCharge(transaction: Transaction): Charge {
  const { date, amount, description } = transaction;
  // Read once per transaction, so the date's digits are read in place rather than sliced.
  const year = isoDigits(date, 0, 4);
  const month = isoDigits(date, 5, 7);
  const dayOfMonth = isoDigits(date, 8, 10);
  const valid =
    date.length === 10 &&
    date.charCodeAt(4) === 45 &&
    date.charCodeAt(7) === 45 &&
    year >= 0 &&
    month >= 1 &&
    month <= 12 &&
    dayOfMonth >= 1 &&
    dayOfMonth <= daysInMonth(year, month);
  if (!valid) {
    throw new RangeError(`Transaction ${transaction.id} has an invalid date "${date}"`);
  }
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new RangeError(`Transaction ${transaction.id} has a non-numeric amount`);
  }
  const monthIndex = year * 12 + month - 1;
  const posted = dateInMonth(monthIndex, dayOfMonth);
  // Only a descriptor that starts as CHECKCARD does or has a slash can print a purchase day.
  const made =
    description.charCodeAt(0) === 67 || description.indexOf('/') >= 0
      ? purchaseDayIn(description, year, posted)
      : null;
  const { id, account_id: account } = transaction;
  if (made === null || made === posted) {
    return newCharge(id, posted, monthIndex, dayOfMonth, posted, amount, account);
  }
  const madeOn = civilFromDays(made);
  const madeMonth = madeOn.year * 12 + madeOn.month - 1;
  return newCharge(id, made, madeMonth, madeOn.day, posted, amount, account);
}

/** A copy of the charge, not reversed: for a search that marks reversals on what it is given. */
export function unreversedCopy(charge: Charge): Charge {
  const { id, day, monthIndex, dayOfMonth, postedDay, amount, account } = charge;
  return newCharge(id, day, monthIndex, dayOfMonth, postedDay, amount, account);
}

/**
 * Every charge is made here, so all share one hidden class in V8 and the engine's reads of
 * their fields stay monomorphic.
 */
function newCharge(
  id: string,
  day: number,
  monthIndex: number,
  dayOfMonth: number,
  postedDay: number,
  amount: number,
  account: string | undefined,
): Charge {
  return { day, monthIndex, dayOfMonth, id, postedDay, amount, isReversed: false, account };
}

/** A purchase date printed in a descriptor is believed up to this many days before posting. */
const PURCHASE_LAG_MAX_DAYS = 7;
const CHECKCARD = 'CHECKCARD ';

/**
 * The day a card purchase was made, when the bank prints it in the descriptor
 * ("CHECKCARD 1014 HBOMAX.COM", "PURCHASE AUTHORIZED ON 10/14 …", "Card Purchase 10/14 …")
 * and it falls on the posting day or up to a week before it; else null. Most descriptors carry
 * no slash and do not start with CHECKCARD, so they cost one search for a character.
 */
function purchaseDayIn(description: string, postedYear: number, posted: number): number | null {
  if (description.startsWith(CHECKCARD)) {
    const at = CHECKCARD.length;
    if (description.charCodeAt(at + 4) === 32 || description.length === at + 4) {
      const made = recentDay(
        digitsAt(description, at),
        digitsAt(description, at + 2),
        postedYear,
        posted,
      );
      if (made !== null) return made;
    }
  }
  for (
    let slash = description.indexOf('/');
    slash >= 0;
    slash = description.indexOf('/', slash + 1)
  ) {
    if (isDigitAt(description, slash - 3) || description.charCodeAt(slash - 3) === 47) continue;
    if (isDigitAt(description, slash + 3) || description.charCodeAt(slash + 3) === 47) continue;
    const made = recentDay(
      digitsAt(description, slash - 2),
      digitsAt(description, slash + 1),
      postedYear,
      posted,
    );
    if (made !== null) return made;
  }
  return null;
}

function recentDay(
  month: number,
  dayOfMonth: number,
  postedYear: number,
  posted: number,
): number | null {
  if (month < 1 || month > 12 || dayOfMonth < 1) return null;
  // This year's date, or last year's for a purchase in late December posted in January.
  for (let year = postedYear; year >= postedYear - 1; year--) {
    if (dayOfMonth > daysInMonth(year, month)) continue;
    const lag = posted - daysFromCivil(year, month, dayOfMonth);
    if (lag >= 0 && lag <= PURCHASE_LAG_MAX_DAYS) return posted - lag;
  }
  return null;
}

function isDigitAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
}

/** The two-digit number at `at`, or -1 when either character is not a digit. */
function digitsAt(text: string, at: number): number {
  if (!isDigitAt(text, at) || !isDigitAt(text, at + 1)) return -1;
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

/** The decimal number at [from, to) of `text`, or -1 when a character there is not a digit. */
function isoDigits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (!(code >= 0 && code <= 9)) return -1;
    value = value * 10 + code;
  }
  return value;
}

/** A refund within this many days of a charge of the same amount undoes it. */
const REVERSAL_WINDOW_DAYS = 10;

/**
 * Pairs each refund with the latest earlier charge of the same amount within the window, and
 * marks that charge reversed. Refunds that match nothing (partial refunds, returns) are ignored.
 * Both lists must be sorted by day.
 */
export function markReversals(charges: Charge[], refunds: readonly Charge[]): void {
  for (const refund of refunds) {
    const wanted = -refund.amount;
    for (let i = charges.length - 1; i >= 0; i--) {
      const charge = charges[i];
      if (!charge || charge.day > refund.day) continue;
      if (charge.day < refund.day - REVERSAL_WINDOW_DAYS) break;
      if (!charge.isReversed && Math.abs(charge.amount - wanted) < 0.005) {
        charge.isReversed = true;
        break;
      }
    }
  }
}

/**
 * Splits charges into amount levels: sorted by amount, a new level starts where the next
 * amount is more than a cent above the previous one or 0.2% above the level's lowest.
 * Subscriptions charge the same cents every cycle; anything looser lets a habit's random
 * amounts ($97.95, $95.06 …) form chance "levels" that happen to fall a quarter apart.
 * Each level comes back sorted by day.
 */
export function groupByAmount(charges: readonly Charge[]): Charge[][] {
  const order = inAmountOrder(charges);
  const levels: Charge[][] = [];
  let current: Charge[] = [];
  let levelLow = 0;
  let previous = 0;
  // Whether the current level holds more than one amount, so it needs sorting by day again.
  let isMixed = false;
  for (let at = 0; at < charges.length; at++) {
    const charge = charges[order[at] as number] as Charge;
    const { amount } = charge;
    if (at > 0 && amount === previous) {
      current.push(charge);
      continue;
    }
    const isNewLevel =
      current.length === 0 || amount - previous > 0.005 || amount > levelLow + 0.005;
    if (isNewLevel) {
      if (current.length > 0) levels.push(isMixed ? current.sort(byDay) : current);
      current = [charge];
      levelLow = amount;
      isMixed = false;
    } else {
      current.push(charge);
      isMixed = true;
    }
    previous = amount;
  }
  if (current.length > 0) levels.push(isMixed ? current.sort(byDay) : current);
  if (!isSortedByDay(charges)) for (const level of levels) level.sort(byDay);
  return levels;
}

/**
 * Indices of the charges by amount, charges of one amount in their given order — a stable sort
 * by amount. Amounts in whole cents (all real ones) sort as cents and index packed into one
 * number, with no comparator call per pair; any other amount falls back to grouping by exact
 * amount.
 */
function inAmountOrder(charges: readonly Charge[]): ArrayLike<number> {
  const n = charges.length;
  if (n >= INDEX_SPAN) return inAmountOrderByMap(charges);
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const { amount } = charges[i] as Charge;
    const cents = Math.round(amount * 100);
    // Exact cents only, so two amounts share a key only when they are the same number.
    if (!(cents >= 0 && cents < MAX_PACKED_CENTS && cents / 100 === amount)) {
      return inAmountOrderByMap(charges);
    }
    packed[i] = cents * INDEX_SPAN + i;
  }
  sortPrefix(packed, n);
  // Unpacked in place: the sorted keys become the indices they carry.
  for (let i = 0; i < n; i++) packed[i] = (packed[i] as number) % INDEX_SPAN;
  return packed;
}

/** Up to this length an insertion sort beats the built-in sort's call and setup. */
const INSERTION_SORT_MAX = 16;

/** Sorts the first `n` keys ascending. Keys are distinct, so every sort gives one order. */
function sortPrefix(keys: Float64Array, n: number): void {
  if (n > INSERTION_SORT_MAX) {
    keys.sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const key = keys[i] as number;
    let j = i - 1;
    while (j >= 0 && (keys[j] as number) > key) {
      keys[j + 1] = keys[j] as number;
      j--;
    }
    keys[j + 1] = key;
  }
}

/** Charges per packed key (index below this); cents below the other bound keep keys exact. */
const INDEX_SPAN = 2 ** 21;
const MAX_PACKED_CENTS = 2 ** 31;

function inAmountOrderByMap(charges: readonly Charge[]): number[] {
  const byAmount = new Map<number, number[]>();
  charges.forEach((charge, index) => {
    const same = byAmount.get(charge.amount);
    if (same) same.push(index);
    else byAmount.set(charge.amount, [index]);
  });
  const amounts = new Float64Array(byAmount.keys());
  amounts.sort();
  return [...amounts].flatMap((amount) => byAmount.get(amount) ?? []);
}

/**
 * Puts the charges in day order (`byDay`) in place. Most histories come in date order, where
 * a sort would still copy the list; many bank exports list the newest first, and a list in
 * strictly reverse order is turned around instead — the same order, since no two of its
 * charges compare equal, without a comparator call per pair.
 */
export function sortByDay(charges: Charge[]): void {
  if (isSortedByDay(charges)) return;
  if (isStrictlyReversedByDay(charges)) charges.reverse();
  else charges.sort(byDay);
}

function isStrictlyReversedByDay(charges: readonly Charge[]): boolean {
  for (let i = 1; i < charges.length; i++) {
    if (byDay(charges[i - 1] as Charge, charges[i] as Charge) <= 0) return false;
  }
  return true;
}

function isSortedByDay(charges: readonly Charge[]): boolean {
  for (let i = 1; i < charges.length; i++) {
    if (byDay(charges[i - 1] as Charge, charges[i] as Charge) > 0) return false;
  }
  return true;
}

export function byDay(a: Charge, b: Charge): number {
  return a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The median amount of the charges (0 for none). Most lists a stream holds are one price
 * throughout: that price is read without a sorted copy of the amounts.
 */
export function medianAmount(charges: readonly Charge[]): number {
  const first = charges[0];
  if (!first) return 0;
  for (let i = 1; i < charges.length; i++) {
    if ((charges[i] as Charge).amount !== first.amount) {
      return median(charges.map((charge) => charge.amount));
    }
  }
  return first.amount;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
