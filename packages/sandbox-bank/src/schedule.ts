/**
 * When recurring charges happen. Every occurrence is named by the calendar period it belongs to
 * (month m24301, week w2870, year y2025), never by its position in a window, so a charge keeps its
 * key — and its id, amount and date — whichever window asks for it.
 */
import {
  dateInMonth,
  dayOfMonth,
  monthIndexOf,
  monthOfYear,
  nextBusinessDay,
  previousBusinessDay,
} from './dates';
import type { Rng } from './prng';

export type Cadence =
  /** `day` of the month (clamped to its length); omitted, the seed picks 1–28. */
  | { kind: 'monthly'; day?: number }
  /** The 15th and the last day of the month: common US payroll. */
  | { kind: 'semimonthly' }
  /** Every 1, 2 or 4 weeks; `weekday` counts from Monday (0) to Sunday (6); omitted, the seed picks. */
  | { kind: 'weekly'; every?: 1 | 2 | 4; weekday?: number }
  /** Once a year, on an anniversary the seed places inside the story's first year. */
  | { kind: 'yearly' };

type ResolvedCadence =
  | { kind: 'monthly'; day: number }
  | { kind: 'semimonthly' }
  | { kind: 'weekly'; every: number; weekday: number; phase: number }
  | { kind: 'yearly'; month: number; day: number };

type Occurrence = { key: string; day: number };

/** 1970-01-05 (day 4) was a Monday: weeks are counted from there. */
const FIRST_MONDAY = 4;

export function resolveCadence(cadence: Cadence, anchor: Rng, storyStart: number): ResolvedCadence {
  switch (cadence.kind) {
    case 'monthly':
      return { kind: 'monthly', day: cadence.day ?? anchor.int(1, 28) };
    case 'semimonthly':
      return cadence;
    case 'weekly': {
      const every = cadence.every ?? 1;
      return {
        kind: 'weekly',
        every,
        weekday: cadence.weekday ?? anchor.int(0, 6),
        phase: anchor.int(0, every - 1),
      };
    }
    case 'yearly': {
      // Inside the first story year and away from its edges, so a two-year window sees it twice.
      const anniversary = storyStart + anchor.int(20, 330);
      return { kind: 'yearly', month: monthOfYear(anniversary), day: dayOfMonth(anniversary) };
    }
  }
}

/** Scheduled days in [from, to], each with its window-independent key. */
export function occurrences(cadence: ResolvedCadence, from: number, to: number): Occurrence[] {
  const out: Occurrence[] = [];
  const push = (key: string, day: number) => {
    if (day >= from && day <= to) out.push({ key, day });
  };
  switch (cadence.kind) {
    case 'monthly':
      for (let m = monthIndexOf(from); m <= monthIndexOf(to); m++)
        push(`m${m}`, dateInMonth(m, cadence.day));
      break;
    case 'semimonthly':
      for (let m = monthIndexOf(from); m <= monthIndexOf(to); m++) {
        push(`m${m}a`, dateInMonth(m, 15));
        push(`m${m}b`, dateInMonth(m, 31)); // clamped: the month's last day
      }
      break;
    case 'weekly': {
      const firstWeek = Math.floor((from - FIRST_MONDAY) / 7);
      const lastWeek = Math.floor((to - FIRST_MONDAY) / 7);
      for (let w = firstWeek; w <= lastWeek; w++) {
        if ((((w - cadence.phase) % cadence.every) + cadence.every) % cadence.every !== 0) continue;
        push(`w${w}`, FIRST_MONDAY + 7 * w + cadence.weekday);
      }
      break;
    }
    case 'yearly': {
      const firstYear = Math.floor(monthIndexOf(from) / 12);
      const lastYear = Math.floor(monthIndexOf(to) / 12);
      for (let y = firstYear; y <= lastYear; y++)
        push(`y${y}`, dateInMonth(y * 12 + cadence.month, cadence.day));
      break;
    }
  }
  return out;
}

/**
 * How a charge reaches the statement. `card`: authorized on the billing day, posted 0–3 days later
 * on a business day. `ach`: debits due on a weekend post on Monday. `payroll`: deposits due on a
 * weekend arrive on the Friday before.
 */
export type Posting = 'card' | 'ach' | 'payroll';

type PostedDates = { authorized: number; posted: number };

/** The longest gap between authorization and posting, as Plaid's authorized_date shows it. */
export const MAX_POSTING_LAG = 3;

export function postingDates(posting: Posting, scheduled: number, rng: Rng): PostedDates {
  if (posting === 'payroll') {
    const posted = previousBusinessDay(scheduled);
    return { authorized: posted, posted };
  }
  if (posting === 'ach') return { authorized: scheduled, posted: nextBusinessDay(scheduled) };
  let lag = rng.int(0, MAX_POSTING_LAG);
  let posted = nextBusinessDay(scheduled + lag);
  while (posted - scheduled > MAX_POSTING_LAG && lag > 0) {
    lag--;
    posted = nextBusinessDay(scheduled + lag);
  }
  return { authorized: scheduled, posted };
}
