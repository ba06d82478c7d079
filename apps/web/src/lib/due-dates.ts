/**
 * When a bill is due and how to say it (docs/subscriptions.md, "Dates and amounts"): 'due today',
 * 'due in N days' up to 29 days out, a short date after that, and a due-soon highlight at 3 days or
 * fewer. The server's days_until_due is the truth; the renewal date stands in when it is missing.
 */
import { addDays, differenceInCalendarDays, endOfMonth, startOfDay } from 'date-fns';
import type { Subscription } from '@billow/contracts';
import { formatShortDate, parseDate } from './dates';

export type DueBill = Pick<Subscription, 'days_until_due' | 'renewal_date'>;

export const DUE_SOON_DAYS = 3;
/** The last day count spelled out; from 30 days on the label is a date. */
const DUE_IN_DAYS_MAX = 29;

export function daysUntilDue(bill: DueBill, today = new Date()): number | undefined {
  if (bill.days_until_due !== null) return bill.days_until_due;
  const renewal = parseDate(bill.renewal_date);
  return renewal ? differenceInCalendarDays(renewal, today) : undefined;
}

/** The day the bill is next due, from the renewal date or, failing that, the day count. */
export function dueDateOf(bill: DueBill, today = new Date()): Date | undefined {
  const renewal = parseDate(bill.renewal_date);
  if (renewal) return renewal;
  return bill.days_until_due === null ? undefined : addDays(startOfDay(today), bill.days_until_due);
}

export function dueLabel(bill: DueBill, today = new Date()): string {
  const days = daysUntilDue(bill, today);
  if (days === 0) return 'due today';
  if (days !== undefined && days >= 1 && days <= DUE_IN_DAYS_MAX) {
    return `due in ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  // An unreadable renewal date still says so ('Invalid date') rather than vanishing.
  return formatShortDate(dueDateOf(bill, today) ?? bill.renewal_date, today);
}

export function isDueSoon(bill: DueBill, today = new Date()): boolean {
  const days = daysUntilDue(bill, today);
  return days !== undefined && days <= DUE_SOON_DAYS;
}

/** Due on or before the last day of the current month ('This month', 'Due this month'). */
export function isDueThisMonth(bill: DueBill, today = new Date()): boolean {
  const date = dueDateOf(bill, today);
  return date !== undefined && date <= endOfMonth(today);
}
