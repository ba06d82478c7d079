/**
 * Calendar arithmetic on "epoch days" (whole days since 1970-01-01, UTC). Detection compares
 * thousands of dates per user, so dates are plain integers and conversions avoid `Date`.
 * Algorithms after Howard Hinnant's `days_from_civil` / `civil_from_days`.
 */

export type Civil = { year: number; month: number; day: number };

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDays(days: number): Civil {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Parses a strict `YYYY-MM-DD` string; returns NaN for anything else (including 2026-02-30).
 * Hand-rolled because it runs once per transaction.
 */
export function parseIsoDate(text: string): number {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return NaN;
  if (day > daysInMonth(year, month)) return NaN;
  return daysFromCivil(year, month, day);
}

function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/** Formatted dates by epoch day from 1970 to 2239: streams list every charge's date. */
const ISO_CACHE_DAYS = 100_000;
const ISO_DATES: Array<string | undefined> = new Array<string | undefined>(ISO_CACHE_DAYS);

export function formatIsoDate(days: number): string {
  const isCacheable = Number.isInteger(days) && days >= 0 && days < ISO_CACHE_DAYS;
  const cached = isCacheable ? ISO_DATES[days] : undefined;
  if (cached !== undefined) return cached;
  const text = formatUncached(days);
  if (isCacheable) ISO_DATES[days] = text;
  return text;
}

function formatUncached(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** "Mar 3, 2026" — the form evidence sentences use. */
export function formatHumanDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** "Jan 2026" */
export function formatMonthYear(days: number): string {
  const { year, month } = civilFromDays(days);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekday(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

/** Months counted from year 0, so consecutive months differ by one across year ends. */
export function monthIndexOf(days: number): number {
  const { year, month } = civilFromDays(days);
  return year * 12 + month - 1;
}

/**
 * Epoch day of the first of every month from 1900 to 2199: slot dates are read millions of
 * times per second during fitting, and a table lookup beats the civil-date arithmetic.
 */
const TABLE_FIRST_MONTH = 1900 * 12;
const TABLE_MONTHS = 300 * 12;
const MONTH_STARTS = new Int32Array(TABLE_MONTHS + 1);
for (let index = 0; index <= TABLE_MONTHS; index++) {
  const monthIndex = TABLE_FIRST_MONTH + index;
  MONTH_STARTS[index] = daysFromCivil(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 1);
}

/**
 * The date in month `monthIndex` for billing day `anchorDay`, clamped to the month's end: a
 * subscription started on Jan 31 bills on Feb 28 (or 29) and again on Mar 31.
 */
export function dateInMonth(monthIndex: number, anchorDay: number): number {
  const index = monthIndex - TABLE_FIRST_MONTH;
  if (index >= 0 && index < TABLE_MONTHS) {
    const start = MONTH_STARTS[index] ?? 0;
    const length = (MONTH_STARTS[index + 1] ?? 0) - start;
    return start + (anchorDay < length ? anchorDay : length) - 1;
  }
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return daysFromCivil(year, month, Math.min(anchorDay, daysInMonth(year, month)));
}

export function addMonths(days: number, months: number): number {
  const { year, month, day } = civilFromDays(days);
  return dateInMonth(year * 12 + month - 1 + months, day);
}
