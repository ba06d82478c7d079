/**
 * Reading one cell of a bank's export: an amount ("$1,234.56", "-12.00", "(12.00)", "12.00-", or
 * with a decimal comma "1.234,56", "-9,99 €") as cents, and a date in one of the three orders banks write them (month, day or year first)
 * as an ISO date. Pure, so the CSV and OFX readers and their tests share one set of rules.
 */
import type { ImportDateFormat } from '@billow/contracts';

/** Cents of an amount cell, signed as written; null for a blank cell; undefined when unreadable. */
export function parseAmountCents(cell: string): number | null | undefined {
  let value = cell.trim();
  if (value === '') return null;
  let isNegative = false;
  if (/^\(.*\)$/.test(value)) {
    isNegative = true;
    value = value.slice(1, -1).trim();
  }
  if (value.endsWith('-')) {
    isNegative = !isNegative;
    value = value.slice(0, -1).trim();
  }
  if (value.startsWith('-') || value.startsWith('+')) {
    if (value.startsWith('-')) isNegative = !isNegative;
    value = value.slice(1).trim();
  }
  // A currency sign or code around the number ("$12.00", "12.00 USD", "-$12.00").
  const bare = value
    .replace(/^(?:[$€£¥]|[A-Z]{3}\s)\s*/, '')
    .replace(/\s*(?:[$€£¥]|\s[A-Z]{3})$/, '');
  const hadCurrency = bare !== value;
  value = bare;
  if (hadCurrency && value.startsWith('-')) {
    isNegative = !isNegative;
    value = value.slice(1);
  }
  let whole: string;
  let fraction: string;
  if (/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$|^\.\d{1,2}$/.test(value)) {
    [whole = '0', fraction = ''] = value.replaceAll(',', '').split('.');
  } else if (/^(?:\d{1,3}(?:\.\d{3})+,\d{1,2}|\d+,\d{1,2})$/.test(value)) {
    // A decimal comma ("12,99", "1.234,56"): never confused with "1,234", whose comma groups
    // three digits. Dots grouping thousands count only before a decimal comma, so "12.345"
    // (a price to the tenth of a cent?) stays unreadable rather than read as 12,345.
    [whole = '0', fraction = ''] = value.replaceAll('.', '').split(',');
  } else return undefined;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return undefined;
  return isNegative ? -cents : cents;
}

type DateParts = { first: string; second: string; third: string };

/** The three numbers of a date cell, or null when it has another shape. */
function partsOf(cell: string): DateParts | null {
  const value = cell.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return { first: compact[1]!, second: compact[2]!, third: compact[3]! };
  // A time after the date ("2024-01-31 00:00:00", "2024-01-31T08:00:00Z") is left out.
  const match = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T].*)?$/.exec(value);
  return match ? { first: match[1]!, second: match[2]!, third: match[3]! } : null;
}

function fullYear(year: string): number {
  const value = Number(year);
  if (year.length === 4) return value;
  if (year.length === 2) return value < 70 ? 2000 + value : 1900 + value;
  return Number.NaN;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (!(year >= 1900 && year <= 2100 && month >= 1 && month <= 12 && day >= 1)) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined; // 31 April, 30 February
  return date.toISOString().slice(0, 10);
}

/** The ISO date (YYYY-MM-DD) of a date cell written in `format`, or undefined when it is not one. */
export function parseDate(cell: string, format: ImportDateFormat): string | undefined {
  const parts = partsOf(cell);
  if (!parts) return undefined;
  const { first, second, third } = parts;
  if (format === 'YMD') {
    if (first.length !== 4) return undefined;
    return isoDate(Number(first), Number(second), Number(third));
  }
  if (first.length > 2 || (third.length !== 2 && third.length !== 4)) return undefined;
  const [month, day] = format === 'MDY' ? [first, second] : [second, first];
  return isoDate(fullYear(third), Number(month), Number(day));
}

/**
 * The date format that reads every one of `cells`: year first when they are, else day first only
 * when some date can only be read that way (a first number above 12) and month first cannot read
 * them all. When both orders read every date, month first (the US banks' order) is the answer and
 * `isAmbiguous` says so. Null when no format reads them all.
 */
export function guessDateFormat(
  cells: string[],
): { format: ImportDateFormat; isAmbiguous: boolean } | null {
  const values = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  if (values.length === 0) return null;
  const reads = (format: ImportDateFormat) =>
    values.every((cell) => parseDate(cell, format) !== undefined);
  if (reads('YMD')) return { format: 'YMD', isAmbiguous: false };
  const isMonthFirst = reads('MDY');
  const isDayFirst = reads('DMY');
  if (isMonthFirst) return { format: 'MDY', isAmbiguous: isDayFirst };
  if (isDayFirst) return { format: 'DMY', isAmbiguous: false };
  return null;
}
