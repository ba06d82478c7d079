/**
 * Calendar arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian, no time zone).
 * Integers keep the generator fast and free of time-zone surprises; strings appear only at the
 * edges. Conversions use Howard Hinnant's civil-date algorithms rather than Date objects, because
 * a two-year history converts tens of thousands of dates.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Civil = { year: number; month: number; day: number };

/** Day number → year, month (1–12), day of month. */
function civil(dayNumber: number): Civil {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yoe + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: doy - Math.floor((153 * mp + 2) / 5) + 1,
  };
}

/** Year, month (1–12), day of month → day number. */
function fromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month given as months since year 0 (see monthOf). */
export function daysInMonth(month: number): number {
  const monthOfTheYear = ((month % 12) + 12) % 12;
  if (monthOfTheYear === 1) return isLeapYear(Math.floor(month / 12)) ? 29 : 28;
  return MONTH_LENGTHS[monthOfTheYear] ?? 31;
}

export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year * 12 + month - 1);
}

export function toDay(iso: string): number {
  if (!isIsoDate(iso)) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  return fromCivil(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

export function toIso(dayNumber: number): string {
  const { year, month, day } = civil(dayNumber);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** Months since year 0 (year * 12 + zero-based month): a stable key for monthly occurrences. */
export function monthOf(dayNumber: number): number {
  const { year, month } = civil(dayNumber);
  return year * 12 + month - 1;
}

export function dayOfMonth(dayNumber: number): number {
  return civil(dayNumber).day;
}

/** Zero-based month of the year (0 = January). */
export function monthOfYear(dayNumber: number): number {
  return civil(dayNumber).month - 1;
}

/** The given day of a month, clamped to its last day (a bill "on the 31st" lands on the 30th). */
export function dayInMonth(month: number, wantedDay: number): number {
  return fromCivil(
    Math.floor(month / 12),
    (((month % 12) + 12) % 12) + 1,
    Math.min(wantedDay, daysInMonth(month)),
  );
}

export function addMonths(dayNumber: number, months: number): number {
  return dayInMonth(monthOf(dayNumber) + months, dayOfMonth(dayNumber));
}

export function isWeekend(dayNumber: number): boolean {
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
