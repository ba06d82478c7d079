/**
 * Calendar arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian, no time zone).
 * Integers keep the generator fast and free of time-zone surprises; strings appear only at the
 * edges. The civil-date conversions are detection's (`@billow/recurring/dates`), so the bank that
 * makes the charges and the engine that finds them agree on every calendar; this file adds what
 * only a bank needs: posting on business days.
 */
import { civilFromDays, parseIsoDate, weekday } from '@billow/recurring/dates';

export {
  addMonths,
  dateInMonth,
  formatIsoDate,
  monthIndexOf,
  weekday,
} from '@billow/recurring/dates';

export function isIsoDate(text: string): boolean {
  return !Number.isNaN(parseIsoDate(text));
}

/** A strict YYYY-MM-DD date → day number; anything else is a caller's mistake. */
export function toDay(iso: string): number {
  const day = parseIsoDate(iso);
  if (Number.isNaN(day)) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  return day;
}

export function dayOfMonth(dayNumber: number): number {
  return civilFromDays(dayNumber).day;
}

/** Zero-based month of the year (0 = January). */
export function monthOfYear(dayNumber: number): number {
  return civilFromDays(dayNumber).month - 1;
}

function isWeekend(dayNumber: number): boolean {
  const wd = weekday(dayNumber);
  return wd === 0 || wd === 6;
}

/** Banks post on business days: Saturday and Sunday roll to Monday. */
export function nextBusinessDay(dayNumber: number): number {
  let result = dayNumber;
  while (isWeekend(result)) result++;
  return result;
}

/** Payroll is paid early, never late: a Saturday or Sunday pay date becomes the Friday before. */
export function previousBusinessDay(dayNumber: number): number {
  let result = dayNumber;
  while (isWeekend(result)) result--;
  return result;
}
