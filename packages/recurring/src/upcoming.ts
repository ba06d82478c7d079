/**
 * The charges a stream will make after its predicted next date: the engine predicts one date,
 * the calendar and its feed need several months of them. They step on from the engine's date by
 * the cadence, on the same grid the engine bills on: days for daily/weekly/biweekly, a billing day
 * of month for monthly/quarterly/yearly, clamped to short months and restored after them (a bill
 * on the 31st falls on Feb 28, or Feb 29 in a leap year, then Mar 31 again) — unless the stream
 * bills every fixed number of days (every four weeks, reported as monthly), which it steps by.
 */
import type { Cadence } from '@billow/contracts';
import { civilFromDays, daysInMonth, dateInMonth, formatIsoDate, parseIsoDate } from './dates';

export type UpcomingInput = {
  cadence: Cadence;
  /** The engine's predicted next charge (YYYY-MM-DD). */
  predictedDate: string;
  /** The last charge seen (YYYY-MM-DD): its day of month tells a clamped billing day. */
  lastChargeDate: string;
  /**
   * The engine's `period_days`: a stream billed every fixed number of days steps by it,
   * whatever its cadence says (every four weeks is reported as monthly). Null or absent: the
   * cadence's own grid.
   */
  periodDays?: number | null;
};

const DAY_STEPS: Partial<Record<Cadence, number>> = { DAILY: 1, WEEKLY: 7, BIWEEKLY: 14 };
const MONTH_STEPS: Partial<Record<Cadence, number>> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/** The billing day of month: the predicted date's day, unless that date was clamped to a month's end. */
function billingDay(predicted: number, lastCharge: number): number {
  const next = civilFromDays(predicted);
  const last = civilFromDays(lastCharge);
  const isMonthEnd = next.day === daysInMonth(next.year, next.month);
  return isMonthEnd ? Math.max(next.day, last.day) : next.day;
}

/** Every charge date from `from` through `until` (inclusive, YYYY-MM-DD), in order. */
export function upcomingChargeDates(input: UpcomingInput, from: string, until: string): string[] {
  const predicted = parseIsoDate(input.predictedDate);
  const start = parseIsoDate(from);
  const end = parseIsoDate(until);
  if ([predicted, start, end].some(Number.isNaN)) return [];
  const dates: number[] = [];
  const dayStep =
    input.periodDays && input.periodDays > 0 ? input.periodDays : DAY_STEPS[input.cadence];
  const monthStep = MONTH_STEPS[input.cadence];
  if (dayStep) {
    for (let day = predicted; day <= end; day += dayStep) dates.push(day);
  } else if (monthStep) {
    const anchor = billingDay(predicted, parseIsoDate(input.lastChargeDate));
    const { year, month } = civilFromDays(predicted);
    const firstMonth = year * 12 + month - 1;
    for (let k = 0; ; k++) {
      const day = dateInMonth(firstMonth + k * monthStep, anchor);
      if (day > end) break;
      dates.push(day);
    }
  } else if (input.cadence === 'SEMI_MONTHLY') {
    // Two billing days a month: the predicted one and the other the last charge fell on.
    const days = [
      civilFromDays(predicted).day,
      civilFromDays(parseIsoDate(input.lastChargeDate)).day,
    ];
    const { year, month } = civilFromDays(predicted);
    for (let monthIndex = year * 12 + month - 1; ; monthIndex++) {
      const inMonth = [...new Set(days.map((d) => dateInMonth(monthIndex, d)))].sort(
        (a, b) => a - b,
      );
      if (inMonth[0]! > end) break;
      dates.push(...inMonth.filter((day) => day >= predicted && day <= end));
    }
  } else {
    dates.push(predicted);
  }
  return dates.filter((day) => day >= start && day <= end).map(formatIsoDate);
}
