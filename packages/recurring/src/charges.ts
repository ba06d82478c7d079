/**
 * One merchant's transactions, prepared for schedule fitting: outflows become `Charge`s, refunds
 * that undo a charge mark it reversed (a failed payment, or a duplicate the merchant gave back),
 * and charges are grouped into amount levels. Detection looks at each level on its own first,
 * because two subscriptions at one merchant ($2.99 iCloud, $10.99 Apple Music) are only told
 * apart by their price.
 */
import { dateInMonth, daysInMonth } from './dates';
import type { DatedPoint } from './schedule';
import type { Transaction } from './types';

export type Charge = DatedPoint & {
  id: string;
  amount: number;
  isReversed: boolean;
};

/** Builds the charge for a transaction, rejecting what detection cannot place in time or size. */
export function toCharge(transaction: Transaction): Charge {
  const { date, amount } = transaction;
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
  return {
    day: dateInMonth(monthIndex, dayOfMonth),
    monthIndex,
    dayOfMonth,
    id: transaction.id,
    amount,
    isReversed: false,
  };
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
  // Charges of one exact amount keep their order (by day, as given); the distinct amounts are
  // sorted as numbers. The same order as a stable sort by amount, without a comparator call
  // per pair of charges.
  const byAmount = new Map<number, Charge[]>();
  for (const charge of charges) {
    const same = byAmount.get(charge.amount);
    if (same) same.push(charge);
    else byAmount.set(charge.amount, [charge]);
  }
  const amounts = new Float64Array(byAmount.size);
  let distinct = 0;
  for (const amount of byAmount.keys()) amounts[distinct++] = amount;
  amounts.sort();
  const levels: Charge[][] = [];
  let current: Charge[] = [];
  let levelLow = 0;
  let previous = 0;
  for (const amount of amounts) {
    const same = byAmount.get(amount) ?? [];
    const isNewLevel =
      current.length === 0 || amount - previous > 0.005 || amount > levelLow + 0.005;
    if (isNewLevel) {
      if (current.length > 0) levels.push(current);
      current = same;
      levelLow = amount;
    } else {
      for (const charge of same) current.push(charge);
    }
    previous = amount;
  }
  if (current.length > 0) levels.push(current);
  for (const level of levels) level.sort(byDay);
  return levels;
}

export function byDay(a: Charge, b: Charge): number {
  return a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
