/**
 * Fits a billing schedule to a set of charge dates. A schedule is a grid of "slots" — the
 * nominal billing dates — defined by the cadence and an anchor: a weekday phase for
 * daily/weekly/biweekly, a billing day of month (clamped to short months, so Jan 31 → Feb 28 →
 * Mar 31 is on time) for monthly/quarterly/yearly, and a pair of days for semi-monthly.
 *
 * The anchor is the one that minimises the capped distance of every charge to its nearest slot
 * (see schedule-fit.ts for how a history is judged against the grid).
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import { dateInMonth as importedDateInMonth } from './dates';

export type DatedPoint = { day: number; monthIndex: number; dayOfMonth: number };

export type Schedule =
  | { kind: 'days'; cadence: KnownCadence; period: number; phase: number }
  | { kind: 'months'; cadence: KnownCadence; step: number; offset: number; anchorDay: number }
  | { kind: 'semi'; cadence: KnownCadence; first: number; second: number };

/** A charge's slot: its number, its date, and how far the charge sits from it (`postingDistance`). */
export type SlotHit = { slot: number; date: number; distance: number };

/**
 * Read once: a transpiled import is a property read on the module record at every call, and
 * slot dates are computed millions of times per second while fitting.
 */
const dateInMonth = importedDateInMonth;

const MONTH_STEPS: Partial<Record<KnownCadence, number>> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/**
 * Per weekday a run of days starts on (0 = Sunday … 6 = Saturday) and per length under a week
 * (index weekday × 7 + length): how many of its days are a Saturday or a Sunday.
 */
const WEEKEND_DAYS = new Int8Array(49);
for (let start = 0; start < 7; start++) {
  for (let length = 1; length < 7; length++) {
    const weekday = (start + length - 1) % 7;
    WEEKEND_DAYS[start * 7 + length] =
      (WEEKEND_DAYS[start * 7 + length - 1] as number) + (weekday === 0 || weekday === 6 ? 1 : 0);
  }
}

/** 0 = Sunday … 6 = Saturday (1970-01-01, day 0, was a Thursday). */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * How far a charge on `day` sits from a slot on `slotDate`. Banks post a charge on its billing
 * day or a few business days later and never on a weekend, so a late charge's lag counts the
 * business days from the slot up to the posting day: billed on a Friday and posted on Monday is
 * one day late, not three; billed on a Saturday and posted on Monday is on the day. An early
 * charge (the grid's anchor sits in the middle of the usual lag) counts calendar days.
 */
function postingDistance(day: number, slotDate: number): number {
  const late = day - slotDate;
  if (late <= 0) return -late;
  // The weekend days in [slotDate, day): two a week, and those of the days left over.
  const weeks = late < 7 ? 0 : Math.floor(late / 7);
  const rest = late - 7 * weeks;
  return late - 2 * weeks - (WEEKEND_DAYS[weekdayOf(slotDate) * 7 + rest] as number);
}

/**
 * The slot nearest a point by `postingDistance`, its date and that distance: of the slot on or
 * before the point and the one after it, the closer (the later on a tie). Written into `into`
 * when given, so loops over every charge of a history can reuse one object instead of
 * allocating one per charge.
 */
export function slotOf(
  schedule: Schedule,
  point: DatedPoint,
  into: SlotHit = { slot: 0, date: 0, distance: 0 },
): SlotHit {
  const day = point.day;
  if (schedule.kind === 'days') {
    const { period, phase } = schedule;
    const before = Math.floor((day - phase) / period);
    const beforeDate = phase + before * period;
    const since = day - beforeDate;
    // Whole weeks keep every slot on one weekday, so a lag under a week is read off the table.
    const late =
      since < 7 && period % 7 === 0
        ? since - (WEEKEND_DAYS[weekdayOf(phase) * 7 + since] as number)
        : postingDistance(day, beforeDate);
    const early = beforeDate + period - day;
    if (late < early) {
      into.slot = before;
      into.date = beforeDate;
      into.distance = late;
    } else {
      into.slot = before + 1;
      into.date = beforeDate + period;
      into.distance = early;
    }
    return into;
  }
  if (schedule.kind === 'months') {
    const { step, offset, anchorDay } = schedule;
    const month = point.monthIndex - mod(point.monthIndex - offset, step);
    const date = dateInMonth(month, anchorDay);
    // The slot this month and the one before or after it; a month-based slot is 28 days or
    // more from the next, so up to 9 days early beats the previous one, and a lag under 14
    // business days (14 calendar days at most before a 28-day neighbour) beats the next.
    let beforeMonth = month;
    let beforeDate = date;
    let afterMonth = month + step;
    if (date > day) {
      if (date - day <= 9) {
        into.slot = (month - offset) / step;
        into.date = date;
        into.distance = date - day;
        return into;
      }
      beforeMonth = month - step;
      beforeDate = dateInMonth(beforeMonth, anchorDay);
      afterMonth = month;
    }
    const late = postingDistance(day, beforeDate);
    const afterDate =
      afterMonth === month ? date : late < 14 ? Infinity : dateInMonth(afterMonth, anchorDay);
    if (late < afterDate - day) {
      into.slot = (beforeMonth - offset) / step;
      into.date = beforeDate;
      into.distance = late;
    } else {
      into.slot = (afterMonth - offset) / step;
      into.date = afterDate;
      into.distance = afterDate - day;
    }
    return into;
  }
  // Semi-monthly: the slots are, in order, month m's first and second days. The one on or
  // before the point is among the previous month's second and this month's two; the one after
  // it among this month's second and the next month's first.
  const month = point.monthIndex;
  let beforeSlot = (month - 1) * 2 + 1;
  let beforeDate = dateInMonth(month - 1, schedule.second);
  const first = dateInMonth(month, schedule.first);
  const second = dateInMonth(month, schedule.second);
  let afterSlot = (month + 1) * 2;
  let afterDate = dateInMonth(month + 1, schedule.first);
  if (second <= day) {
    beforeSlot = month * 2 + 1;
    beforeDate = second;
  } else {
    afterSlot = month * 2 + 1;
    afterDate = second;
    if (first <= day) {
      beforeSlot = month * 2;
      beforeDate = first;
    } else {
      afterSlot = month * 2;
      afterDate = first;
    }
  }
  const late = postingDistance(day, beforeDate);
  if (late < afterDate - day) {
    into.slot = beforeSlot;
    into.date = beforeDate;
    into.distance = late;
  } else {
    into.slot = afterSlot;
    into.date = afterDate;
    into.distance = afterDate - day;
  }
  return into;
}

/**
 * Days from a point to its nearest slot (`slotOf`'s distance) without allocating, for the inner
 * loops that weigh every anchor against every charge.
 */
export function distanceToSlot(schedule: Schedule, point: DatedPoint): number {
  const day = point.day;
  if (schedule.kind === 'days') {
    const { period, phase } = schedule;
    const since = day - phase - Math.floor((day - phase) / period) * period;
    const late =
      since < 7 && period % 7 === 0
        ? since - (WEEKEND_DAYS[weekdayOf(phase) * 7 + since] as number)
        : postingDistance(day, day - since);
    const early = period - since;
    return late < early ? late : early;
  }
  if (schedule.kind === 'months') {
    const { step, offset, anchorDay } = schedule;
    const month = point.monthIndex - mod(point.monthIndex - offset, step);
    const date = dateInMonth(month, anchorDay);
    if (date > day) {
      const early = date - day;
      if (early <= 9) return early;
      const late = postingDistance(day, dateInMonth(month - step, anchorDay));
      return late < early ? late : early;
    }
    const late = postingDistance(day, date);
    if (late < 14) return late;
    const early = dateInMonth(month + step, anchorDay) - day;
    return late < early ? late : early;
  }
  return slotOf(schedule, point, scratchHit).distance;
}

/**
 * The monthly grid billed on one day of the month. A semi-monthly grid is two of these laid
 * over each other, so a point's distance to its nearest semi-monthly slot is the smaller of its
 * distances to the two days' monthly grids (`slotOf` picks the nearest slot either way).
 */
export function monthlyGridOn(anchorDay: number): Schedule {
  return monthGrid('MONTHLY', 1, 0, anchorDay);
}

/** The number of the slot nearest a point (`slotOf`'s slot, without allocating). */
export function nearestSlotIndex(schedule: Schedule, point: DatedPoint): number {
  return slotOf(schedule, point, scratchHit).slot;
}

/** The date of the slot nearest a point (`slotOf`'s date, without allocating). */
export function nearestSlotDate(schedule: Schedule, point: DatedPoint): number {
  return slotOf(schedule, point, scratchHit).date;
}

/** Reused by the functions above, which only read it before returning. */
const scratchHit: SlotHit = { slot: 0, date: 0, distance: 0 };

export function slotDate(schedule: Schedule, slot: number): number {
  if (schedule.kind === 'days') return schedule.phase + slot * schedule.period;
  if (schedule.kind === 'months') {
    return dateInMonth(slot * schedule.step + schedule.offset, schedule.anchorDay);
  }
  const month = Math.floor(slot / 2);
  return dateInMonth(month, slot - month * 2 === 0 ? schedule.first : schedule.second);
}

function mod(value: number, by: number): number {
  return ((value % by) + by) % by;
}

/**
 * Fixed-day periods that stand for a calendar cadence: billed every four weeks, a plan is reported
 * as monthly (the nearest cadence of the API's list) but its grid — and so its next date — steps by
 * 28 days. Tried beside the calendar grid (schedule-fit.ts `bestFit`).
 */
export const FIXED_DAY_PERIODS: Partial<Record<KnownCadence, readonly number[]>> = {
  MONTHLY: [28],
};

/**
 * The fixed-day period of a stream's grid when it is not the cadence's own grid (28 for a
 * monthly stream billed every four weeks), else undefined.
 */
export function fixedPeriodOf(schedule: Schedule): number | undefined {
  return schedule.kind === 'days' && MONTH_STEPS[schedule.cadence] !== undefined
    ? schedule.period
    : undefined;
}

/**
 * Which month anchors (offset × 32 + billing day) one `candidateSchedules` call has listed: a
 * key is listed when it holds the call's stamp, so the table is never cleared nor allocated
 * per call (only when the stamps run out). Keys outside it (from a point that is not a
 * calendar date) are kept in a set instead.
 */
const ANCHOR_KEYS = 12 * 32;
const anchorsSeen = new Int32Array(ANCHOR_KEYS);
let anchorsSeenStamp = 0;

function nextAnchorsStamp(): number {
  if (anchorsSeenStamp === 0x7fffffff) {
    anchorsSeen.fill(0);
    anchorsSeenStamp = 0;
  }
  return ++anchorsSeenStamp;
}

/**
 * Grids are never changed once made, so one object serves every fit that asks for the same
 * grid: fitting asks for thousands per household, mostly the same few, and making each anew
 * was a good part of what detection allocates. Month grids are kept per cadence by anchor key,
 * semi-monthly ones by day pair, and each cadence's list of day grids by period; a grid off
 * the calendar (not a day 1–31) is made anew.
 */
const monthGrids = new Map<KnownCadence, Array<Schedule | undefined>>();
const semiGrids: Array<Schedule | undefined> = new Array<Schedule | undefined>(32 * 32);
const dayGrids = new Map<KnownCadence, Map<number, readonly Schedule[]>>();

function isCalendarDay(day: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= 31;
}

function monthGrid(
  cadence: KnownCadence,
  step: number,
  offset: number,
  anchorDay: number,
): Schedule {
  if (!isCalendarDay(anchorDay) || !Number.isInteger(offset) || offset < 0 || offset >= 12) {
    return { kind: 'months', cadence, step, offset, anchorDay };
  }
  let grids = monthGrids.get(cadence);
  if (!grids) {
    grids = new Array<Schedule | undefined>(ANCHOR_KEYS);
    monthGrids.set(cadence, grids);
  }
  const key = offset * 32 + anchorDay;
  return (grids[key] ??= { kind: 'months', cadence, step, offset, anchorDay });
}

function semiGrid(cadence: KnownCadence, first: number, second: number): Schedule {
  if (cadence !== 'SEMI_MONTHLY' || !isCalendarDay(first) || !isCalendarDay(second)) {
    return { kind: 'semi', cadence, first, second };
  }
  return (semiGrids[first * 32 + second] ??= { kind: 'semi', cadence, first, second });
}

function dayGridsOf(cadence: KnownCadence, period: number): readonly Schedule[] {
  let byPeriod = dayGrids.get(cadence);
  if (!byPeriod) {
    byPeriod = new Map();
    dayGrids.set(cadence, byPeriod);
  }
  let grids = byPeriod.get(period);
  if (!grids) {
    const made: Schedule[] = [];
    for (let phase = 0; phase < period; phase++) {
      made.push({ kind: 'days', cadence, period, phase });
    }
    grids = made;
    if (Number.isInteger(period) && period <= MAX_KEPT_PERIOD) byPeriod.set(period, grids);
  }
  return grids;
}

/**
 * The points' days of the month, each once, in order. Read as bits of one number when every
 * day is a calendar day (as a charge's is), without a set and a sort per fit.
 */
function billingDays(points: readonly DatedPoint[]): number[] {
  let bits = 0;
  for (let index = 0; index < points.length; index++) {
    const day = (points[index] as DatedPoint).dayOfMonth;
    if (!isCalendarDay(day)) {
      return [...new Set(points.map((point) => point.dayOfMonth))].sort((a, b) => a - b);
    }
    bits |= 1 << day;
  }
  const days: number[] = [];
  for (let day = 1; day <= 31; day++) if ((bits & (1 << day)) !== 0) days.push(day);
  return days;
}

/** Day grids of longer periods (none are asked for) are not kept. */
const MAX_KEPT_PERIOD = 366;

/**
 * Every anchor worth trying for a cadence, read off the charges themselves; with
 * `fixedPeriod`, the phases of a grid of that many days instead of the cadence's own.
 */
export function candidateSchedules(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  fixedPeriod?: number,
): readonly Schedule[] {
  const step = fixedPeriod === undefined ? MONTH_STEPS[cadence] : undefined;
  if (step !== undefined) {
    const stamp = nextAnchorsStamp();
    let otherKeys: Set<number> | null = null;
    const schedules: Schedule[] = [];
    for (const point of points) {
      const offset = mod(point.monthIndex, step);
      const key = offset * 32 + point.dayOfMonth;
      if ((key | 0) === key && key >= 0 && key < ANCHOR_KEYS) {
        if (anchorsSeen[key] === stamp) continue;
        anchorsSeen[key] = stamp;
      } else {
        otherKeys ??= new Set();
        if (otherKeys.has(key)) continue;
        otherKeys.add(key);
      }
      schedules.push(monthGrid(cadence, step, offset, point.dayOfMonth));
    }
    return schedules;
  }
  if (cadence === 'SEMI_MONTHLY') {
    const days = billingDays(points);
    const schedules: Schedule[] = [];
    for (const first of days) {
      for (const second of days) {
        const gap = second - first;
        if (gap >= 11 && gap <= 19) schedules.push(semiGrid(cadence, first, second));
      }
    }
    return schedules;
  }
  return dayGridsOf(cadence, fixedPeriod ?? Math.round(CADENCE_RULES[cadence].periodDays));
}
