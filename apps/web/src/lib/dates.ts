/**
 * Dates as the screens show them (docs/subscriptions.md, "Dates and amounts"): a missing date reads
 * 'Unknown' and one that cannot be read 'Invalid date', so a screen never prints "NaN" or a blank.
 * The server sends calendar days ('2026-12-04'); they are read as local days so a date never slips
 * by one in the Americas.
 */
import { format, isValid, parseISO } from 'date-fns';

const dateTexts = { missing: 'Unknown', invalid: 'Invalid date' } as const;

/** What the server sends ('2026-12-04', an ISO timestamp, null) or a Date already read. */
type DateInput = string | Date | null | undefined;

function isMissing(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim());
}

/** '2026-12-04' or an ISO timestamp → a Date; undefined when empty or unreadable. */
export function parseDate(value: DateInput): Date | undefined {
  if (isMissing(value)) return undefined;
  const date = typeof value === 'string' ? parseISO(value.trim()) : value;
  return isValid(date) ? date : undefined;
}

function formatWith(value: DateInput, pattern: (date: Date) => string): string {
  if (isMissing(value)) return dateTexts.missing;
  const date = parseDate(value);
  return date ? pattern(date) : dateTexts.invalid;
}

/** 'Dec 4, 2026': a date that stands alone, as in the billing banner. */
export function formatLongDate(value: DateInput): string {
  return formatWith(value, (date) => format(date, 'MMM d, yyyy'));
}

/** 'Dec 4, 2026, 3:05 PM': a moment, as when a gift card's code will be ready. */
export function formatDateTime(value: DateInput): string {
  return formatWith(value, (date) => format(date, 'MMM d, yyyy, h:mm a'));
}

/** 'Dec 4' this year, 'Jan 5, 2027' in any other, so a list stays short but never ambiguous. */
export function formatShortDate(value: DateInput, today = new Date()): string {
  return formatWith(value, (date) =>
    format(date, date.getFullYear() === today.getFullYear() ? 'MMM d' : 'MMM d, yyyy'),
  );
}

/**
 * 'March 3rd', as a payment reads in the recent-payments list (docs/subscriptions.md,
 * "Dates and amounts"). A payment from another year carries it ('December 3rd, 2025'): twelve
 * payments can reach back past January.
 */
export function formatPaymentDate(value: DateInput, today = new Date()): string {
  return formatWith(value, (date) =>
    format(date, date.getFullYear() === today.getFullYear() ? 'MMMM do' : 'MMMM do, yyyy'),
  );
}
