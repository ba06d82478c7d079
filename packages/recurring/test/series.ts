/**
 * Builders for hand-written transaction histories in tests: "a charge on these dates" reads
 * better than a wall of object literals, and ids stay unique across series.
 */
import { addMonths, dateInMonth, formatIsoDate, monthIndexOf, parseIsoDate } from '../src/dates';
import type { Transaction } from '../src/types';

let nextId = 0;

export function charge(date: string, description: string, amount: number): Transaction {
  nextId++;
  return { id: `t${nextId}`, date, description, amount };
}

export function charges(
  dates: readonly string[],
  description: string,
  amount: number | readonly number[],
): Transaction[] {
  return dates.map((date, index) =>
    charge(date, description, typeof amount === 'number' ? amount : (amount[index] ?? 0)),
  );
}

/** `count` dates `every` days apart from `start`. */
export function everyDays(start: string, every: number, count: number): string[] {
  const first = parseIsoDate(start);
  return Array.from({ length: count }, (_, index) => formatIsoDate(first + index * every));
}

/** `count` monthly dates from `start`, each on `day` (clamped to short months: 31 = month end). */
export function monthly(
  start: string,
  count: number,
  day = Number(start.slice(8)),
  step = 1,
): string[] {
  const month = monthIndexOf(parseIsoDate(start));
  return Array.from({ length: count }, (_, index) =>
    formatIsoDate(dateInMonth(month + index * step, day)),
  );
}

export function shiftDays(date: string, days: number): string {
  return formatIsoDate(parseIsoDate(date) + days);
}

export function plusMonths(date: string, months: number): string {
  return formatIsoDate(addMonths(parseIsoDate(date), months));
}

/** Ids of the transactions, in the order detection reports them (by date). */
export function idsOf(transactions: readonly Transaction[]): string[] {
  return [...transactions]
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .map((t) => t.id);
}
