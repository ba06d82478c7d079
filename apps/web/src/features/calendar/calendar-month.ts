/**
 * The bills calendar's month, as pure data: the weeks of a month grid (Sunday first, with the
 * days of the months around it to fill the first and last week), the charges of each day, and
 * the month's total. Dates are local calendar days, as the server sends them ('2026-12-04').
 */
import {
  addDays,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { amountDue, sumDollars, type UpcomingCharge } from '@billow/contracts';

/** A charge on the calendar: one still due, or one already paid this month. */
export type DayCharge = UpcomingCharge & { isPaid?: boolean };

/** How far ahead the calendar steps: a year of months after this one. */
export const CALENDAR_MONTHS_AHEAD = 12;

export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

/** The first and last day of the month `date` is in, as the upcoming route asks for them. */
export function monthRange(date: Date): { from: string; until: string } {
  return { from: isoDay(startOfMonth(date)), until: isoDay(endOfMonth(date)) };
}

/** The month's weeks, each of seven days, from the Sunday on or before the 1st. */
export function monthWeeks(date: Date): Date[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(date)),
    end: endOfWeek(endOfMonth(date)),
  });
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/** Charges by day ('2026-12-04' → that day's charges, the largest first). */
export function chargesByDay<T extends UpcomingCharge>(charges: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const charge of charges) {
    const day = byDay.get(charge.date);
    if (day) day.push(charge);
    else byDay.set(charge.date, [charge]);
  }
  for (const list of byDay.values()) list.sort((a, b) => b.amount - a.amount);
  return byDay;
}

/** What the charges come to for the person, to the cent: rewards cover part of some. */
export function totalOf(charges: readonly UpcomingCharge[]): number {
  return sumDollars(charges.map(amountDue));
}

/** The day a key moves focus to in the month grid (the ARIA date-grid keys). */
export function dayAfterKey(day: Date, key: string): Date | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return startOfWeek(day);
    case 'End':
      return endOfWeek(day);
    default:
      return undefined;
  }
}
