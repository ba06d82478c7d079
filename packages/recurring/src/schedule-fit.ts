/**
 * Judges a history against a cadence's grid (see schedule.ts). Each slot keeps its closest
 * charge (a "member"); other charges in the same slot are "extras" and charges far from every
 * slot are "off". A history fits when its members fill most slots between the first and last
 * (skipped cycles allowed) with few extras, off or late charges. Judging against a grid rather
 * than charge-to-charge gaps is what tells semi-monthly (fixed days of the month) from biweekly
 * (drifts through the month) and keeps posting lag from adding up.
 *
 * Merchants sometimes move the billing day for good (often to the day a failed payment was
 * retried), so when one grid leaves charges late or off, or fits them only loosely, a grid that
 * changes anchor once is tried too.
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import {
  bestSchedule,
  candidateSchedules,
  FIXED_DAY_PERIODS,
  distanceToSlot,
  slotOf,
  type DatedPoint,
  type Schedule,
} from './schedule';

export type ScheduleFit = {
  cadence: KnownCadence;
  /** The grid in force at the latest charge. */
  schedule: Schedule;
  /** The grid before the billing day moved, and the first charge on the new one. */
  earlier: { schedule: Schedule; untilDay: number } | null;
  /** Indices (into the fitted points) of the one charge per slot within the late window. */
  members: number[];
  /** Charges sharing a slot with a member, within the late window. */
  extras: number[];
  /** Charges too far from any slot to belong. */
  offCount: number;
  onTimeCount: number;
  lateCount: number;
  firstSlot: number;
  lastSlot: number;
  /** Filled slots / slots between the first and last member. */
  coverage: number;
  meanAbsResidual: number;
  score: number;
};

export type FitLimits = {
  minCoverage: number;
  /** Share of all points that may be extras or off (at least one is always forgiven). */
  maxMisfitShare: number;
  maxLateShare: number;
};

export const FIXED_AMOUNT_LIMITS: FitLimits = {
  minCoverage: 0.75,
  maxMisfitShare: 0.2,
  maxLateShare: 0.2,
};

/**
 * Real billing sits on its grid give or take posting lag (a day or two on average); charges
 * that merely happen to fall inside the windows scatter across them. This bounds the average
 * distance as a share of the on-time window.
 */
const MAX_MEAN_RESIDUAL_SHARE = 0.5;

/** Charges a segment needs before a moved billing day is believed. */
const MIN_SEGMENT = 3;

/** Whether a cadence could explain this many charges over this span at all (cheap pre-check). */
export function isPlausible(points: readonly DatedPoint[], cadence: KnownCadence): boolean {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return false;
  const slots = (last.day - first.day) / CADENCE_RULES[cadence].periodDays + 1;
  return points.length <= slots * 1.5 + 1 && points.length >= slots * 0.5;
}

function assess(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  schedule: Schedule,
  earlier: { schedule: Schedule; untilIndex: number } | null,
): ScheduleFit | null {
  const rule = CADENCE_RULES[cadence];
  const bestInSlot = new Map<number, { index: number; distance: number }>();
  const inWindow: Array<{ index: number; slot: number }> = [];
  let offCount = 0;
  points.forEach((point, index) => {
    const grid = earlier && index < earlier.untilIndex ? earlier.schedule : schedule;
    const hit = slotOf(grid, point);
    const distance = Math.abs(point.day - hit.date);
    if (distance > rule.lateDays) {
      offCount++;
      return;
    }
    inWindow.push({ index, slot: hit.slot });
    const current = bestInSlot.get(hit.slot);
    if (!current || distance < current.distance) bestInSlot.set(hit.slot, { index, distance });
  });
  const members: number[] = [];
  const extras: number[] = [];
  for (const { index, slot } of inWindow) {
    (bestInSlot.get(slot)?.index === index ? members : extras).push(index);
  }
  if (members.length < 2) return null;
  let onTimeCount = 0;
  let residualSum = 0;
  let firstSlot = Infinity;
  let lastSlot = -Infinity;
  for (const [slot, { distance }] of bestInSlot) {
    if (distance <= rule.toleranceDays) onTimeCount++;
    residualSum += distance;
    firstSlot = Math.min(firstSlot, slot);
    lastSlot = Math.max(lastSlot, slot);
  }
  const lateCount = members.length - onTimeCount;
  const coverage = members.length / (lastSlot - firstSlot + 1);
  const meanAbsResidual = residualSum / members.length;
  // Rewards filling the grid and explaining every charge; a slower cadence that leaves a third
  // of the charges "off" must not beat a faster one that explains them all.
  const score =
    coverage * (members.length / points.length) -
    (0.25 * lateCount) / members.length -
    (0.3 * meanAbsResidual) / (rule.toleranceDays + 1);
  const untilDay = earlier ? (points[earlier.untilIndex]?.day ?? 0) : 0;
  return {
    cadence,
    schedule,
    earlier: earlier ? { schedule: earlier.schedule, untilDay } : null,
    members,
    extras,
    offCount,
    onTimeCount,
    lateCount,
    firstSlot,
    lastSlot,
    coverage,
    meanAbsResidual,
    score,
  };
}

/**
 * The best two-grid split: for every anchor, prefix sums of capped distances give the cost of
 * any "before" and "after" segment, so all split points are tried in anchors × charges steps.
 */
function bestSplit(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  fixedPeriod: number | undefined,
): { before: Schedule; after: Schedule; untilIndex: number } | null {
  const n = points.length;
  if (n < 2 * MIN_SEGMENT || cadence === 'DAILY') return null;
  const cap = CADENCE_RULES[cadence].lateDays + 1;
  const schedules = candidateSchedules(points, cadence, fixedPeriod);
  // One flat table: row a holds the prefix sums of capped distances under schedule a.
  const stride = n + 1;
  const prefixes = new Float64Array(schedules.length * stride);
  schedules.forEach((schedule, a) => {
    const row = a * stride;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const point = points[i];
      if (point) sum += Math.min(cap, distanceToSlot(schedule, point));
      prefixes[row + i + 1] = sum;
    }
  });
  let best: { before: Schedule; after: Schedule; untilIndex: number } | null = null;
  let bestCost = Infinity;
  for (let k = MIN_SEGMENT; k <= n - MIN_SEGMENT; k++) {
    let beforeIndex = 0;
    let afterIndex = 0;
    let beforeCost = Infinity;
    let afterCost = Infinity;
    for (let a = 0; a < schedules.length; a++) {
      const left = prefixes[a * stride + k] ?? 0;
      const right = (prefixes[a * stride + n] ?? 0) - left;
      if (left < beforeCost) [beforeCost, beforeIndex] = [left, a];
      if (right < afterCost) [afterCost, afterIndex] = [right, a];
    }
    const before = schedules[beforeIndex];
    const after = schedules[afterIndex];
    if (before && after && before !== after && beforeCost + afterCost < bestCost) {
      bestCost = beforeCost + afterCost;
      best = { before, after, untilIndex: k };
    }
  }
  return best;
}

/** No fit is accepted below this coverage (the loosest limits ask for 0.75). */
const LOWEST_ACCEPTED_COVERAGE = 0.75;

/**
 * Whether the points are numerous enough to fill an accepted share of the slots their span
 * holds, on any grid: if not, trying a moved billing day (the costly part of fitting) is moot.
 */
function couldFillGrid(points: readonly DatedPoint[], cadence: KnownCadence): boolean {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return false;
  const slots = Math.max(
    1,
    Math.round((last.day - first.day) / CADENCE_RULES[cadence].periodDays) - 1,
  );
  return points.length >= LOWEST_ACCEPTED_COVERAGE * slots;
}

function misfitsOf(fit: ScheduleFit): number {
  return fit.offCount + fit.extras.length + fit.lateCount;
}

/** Scores the points (sorted by day) against one cadence; null when no anchor exists. */
export function fitCadence(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  fixedPeriod?: number,
): ScheduleFit | null {
  const schedule = bestSchedule(points, cadence, fixedPeriod);
  if (!schedule) return null;
  const single = assess(points, cadence, schedule, null);
  const window = CADENCE_RULES[cadence].toleranceDays + 1;
  if (single && misfitsOf(single) < 2 && single.meanAbsResidual <= 0.35 * window) return single;
  if (!couldFillGrid(points, cadence)) return single;
  const split = bestSplit(points, cadence, fixedPeriod);
  if (!split) return single;
  const moved = assess(points, cadence, split.after, {
    schedule: split.before,
    untilIndex: split.untilIndex,
  });
  if (!moved || misfitsOf(moved) > 2) return single;
  if (!single) return moved;
  // The moved grid has more freedom, so it must explain clearly more — fewer misfits or much
  // tighter timing — and almost everything, to be believed: a haircut every four to six weeks
  // also fits two grids "better" than one.
  const isClearlyBetter =
    misfitsOf(moved) + 2 <= misfitsOf(single) ||
    moved.meanAbsResidual <= 0.6 * single.meanAbsResidual;
  return isClearlyBetter ? moved : single;
}

export function isAcceptable(fit: ScheduleFit, pointCount: number, limits: FitLimits): boolean {
  const misfits = fit.offCount + fit.extras.length;
  const rule = CADENCE_RULES[fit.cadence];
  return (
    fit.coverage >= limits.minCoverage &&
    fit.meanAbsResidual <= MAX_MEAN_RESIDUAL_SHARE * (rule.toleranceDays + 1) &&
    misfits <= Math.max(1, Math.floor(limits.maxMisfitShare * pointCount)) &&
    fit.lateCount <= Math.max(1, Math.floor(limits.maxLateShare * fit.members.length))
  );
}

/** A fixed-day grid must beat the calendar grid by this much score to replace it. */
const FIXED_PERIOD_MARGIN = 0.05;
/** Fewer charges cannot tell four weeks from a month (or from a weekly plan's leftovers). */
const MIN_FIXED_PERIOD_CHARGES = 6;

/**
 * The calendar fit, or a fixed-day one (every four weeks for monthly) that explains the charges
 * clearly better. Only tried when the calendar grid leaves charges late, off or loosely timed:
 * a true monthly stream sits on its day of the month and keeps its calendar grid.
 */
function withFixedPeriod(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  calendar: ScheduleFit | null,
  limits: FitLimits,
): ScheduleFit | null {
  const periods = FIXED_DAY_PERIODS[cadence];
  if (!periods || points.length < MIN_FIXED_PERIOD_CHARGES) return calendar;
  const isCalendarAcceptable = calendar !== null && isAcceptable(calendar, points.length, limits);
  if (
    calendar &&
    isCalendarAcceptable &&
    misfitsOf(calendar) === 0 &&
    calendar.meanAbsResidual < 1
  ) {
    return calendar;
  }
  let best = calendar;
  for (const period of periods) {
    const fixed = fitCadence(points, cadence, period);
    // One grid throughout, explaining every charge: a fixed period that needs a moved
    // anchor is a calendar stream drifting, not a shorter period.
    if (
      !fixed ||
      fixed.earlier !== null ||
      misfitsOf(fixed) > 0 ||
      fixed.members.length < MIN_FIXED_PERIOD_CHARGES ||
      !isAcceptable(fixed, points.length, limits)
    ) {
      continue;
    }
    if (
      !best ||
      (best === calendar && !isCalendarAcceptable) ||
      fixed.score > best.score + FIXED_PERIOD_MARGIN
    ) {
      best = fixed;
    }
  }
  return best;
}

/**
 * The best acceptable cadence among `cadences`, or null when none explains the history. A fit
 * with enough charges to be reported beats one without, whatever their scores.
 */
export function bestFit(
  points: readonly DatedPoint[],
  cadences: readonly KnownCadence[],
  limits: FitLimits,
): ScheduleFit | null {
  let best: ScheduleFit | null = null;
  let bestIsReportable = false;
  for (const cadence of cadences) {
    if (!isPlausible(points, cadence)) continue;
    const fit = withFixedPeriod(points, cadence, fitCadence(points, cadence), limits);
    if (!fit || !isAcceptable(fit, points.length, limits)) continue;
    const isReportable = fit.members.length >= CADENCE_RULES[cadence].minCharges;
    if (
      !best ||
      (isReportable && !bestIsReportable) ||
      (isReportable === bestIsReportable && fit.score > best.score + 1e-9)
    ) {
      best = fit;
      bestIsReportable = isReportable;
    }
  }
  return best;
}
