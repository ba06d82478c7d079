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
import { anchorCosts, bestAnchor, bestSplit } from './anchors';
import { CADENCE_RULES, type KnownCadence } from './cadence';
import { EXACT_SKIPPING_COVERAGE, isExactSkippingWeek } from './exact-skipping';
import {
  FIXED_DAY_PERIODS,
  slotOf,
  type DatedPoint,
  type Schedule,
  type SlotHit,
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
  /** The most empty slots in a row between two members. */
  longestHole: number;
  meanAbsResidual: number;
  score: number;
};

export type FitLimits = {
  minCoverage: number;
  /**
   * How far from their slots charges may sit on average, as a share of the on-time window
   * (`MAX_MEAN_RESIDUAL_SHARE` unless given).
   */
  maxMeanResidualShare?: number;
  /** Share of all points that may be extras or off (at least one is always forgiven). */
  maxMisfitShare: number;
  maxLateShare: number;
  /**
   * The coverage a weekly grid of `SKIPPING_PLAN_CHARGES` members or more needs instead of
   * `minCoverage` (unless given, `minCoverage` throughout).
   */
  minSkippingCoverage?: number;
  /**
   * Whether the charges must keep one billing day throughout (no `earlier` grid). Where people
   * pay by habit, a visit every three to six weeks at one price fits two grids, one before and
   * one after any "move", as tightly as a plan fits one.
   */
  isOneBillingDay?: boolean;
};

/**
 * A weekly plan the customer may skip (a meal kit, a lesson or a walk paid per week) holds
 * this many charges before its grid is believed with more weeks empty: a dozen charges at one
 * price on one weekday are a plan, not chance, while a skip in every three or four weeks and
 * the dearer weeks with extras (another price, so another level) leave its price in barely
 * more than half its weeks.
 */
export const SKIPPING_PLAN_CHARGES = 12;

export const FIXED_AMOUNT_LIMITS: FitLimits = {
  minCoverage: 0.75,
  maxMisfitShare: 0.2,
  maxLateShare: 0.2,
  minSkippingCoverage: 0.5,
};

/**
 * Skips leave a week or a few empty; this many empty weeks in a row are a pause (75 days,
 * `splitAtPauses` in candidate.ts), after which the plan is judged run by run.
 */
const SKIPPING_MAX_HOLE = 10;

/** The coverage a fit needs under `limits`. */
function minCoverageOf(fit: ScheduleFit, limits: FitLimits): number {
  if (limits.minSkippingCoverage === undefined || fit.cadence !== 'WEEKLY') {
    return limits.minCoverage;
  }
  if (fit.members.length >= SKIPPING_PLAN_CHARGES && fit.longestHole <= SKIPPING_MAX_HOLE) {
    return Math.min(limits.minCoverage, limits.minSkippingCoverage);
  }
  return isExactSkippingWeek(fit)
    ? Math.min(limits.minCoverage, EXACT_SKIPPING_COVERAGE)
    : limits.minCoverage;
}

/** Whether a fit stands only as a skipping weekly plan (`minSkippingCoverage`). */
export function isSkippingPlan(fit: ScheduleFit, limits: FitLimits): boolean {
  return fit.coverage < limits.minCoverage;
}

/**
 * Real billing sits on its grid give or take posting lag (a day or two on average); charges
 * that merely happen to fall inside the windows scatter across them. This bounds the average
 * distance as a share of the on-time window.
 */
const MAX_MEAN_RESIDUAL_SHARE = 0.5;

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
  const n = points.length;
  // Slot and distance per point (slot NaN when off the grid), then per slot the closest point
  // (the first on a tie) in a table spanning the slots in use: slots are whole numbers.
  const slots = new Array<number>(n);
  const distances = new Array<number>(n);
  let offCount = 0;
  let lowSlot = Infinity;
  let highSlot = -Infinity;
  const hit: SlotHit = { slot: 0, date: 0, distance: 0 };
  for (let index = 0; index < n; index++) {
    const point = points[index] as DatedPoint;
    const grid = earlier && index < earlier.untilIndex ? earlier.schedule : schedule;
    slotOf(grid, point, hit);
    const distance = hit.distance;
    distances[index] = distance;
    if (distance > rule.lateDays) {
      offCount++;
      slots[index] = Number.NaN;
      continue;
    }
    slots[index] = hit.slot;
    if (hit.slot < lowSlot) lowSlot = hit.slot;
    if (hit.slot > highSlot) highSlot = hit.slot;
  }
  if (offCount > n - 2) return null;
  const closest = new Array<number>(highSlot - lowSlot + 1).fill(-1);
  for (let index = 0; index < n; index++) {
    const slot = slots[index] as number;
    if (Number.isNaN(slot)) continue;
    const current = closest[slot - lowSlot] as number;
    if (current < 0 || (distances[index] as number) < (distances[current] as number)) {
      closest[slot - lowSlot] = index;
    }
  }
  const members: number[] = [];
  const extras: number[] = [];
  let onTimeCount = 0;
  let residualSum = 0;
  let firstSlot = Infinity;
  let lastSlot = -Infinity;
  let longestHole = 0;
  let previousSlot = Number.NaN;
  for (let index = 0; index < n; index++) {
    const slot = slots[index] as number;
    if (Number.isNaN(slot)) continue;
    if (closest[slot - lowSlot] !== index) {
      extras.push(index);
      continue;
    }
    members.push(index);
    // Points come in day order, so their slots do too (a moved anchor may step back one).
    if (slot - previousSlot - 1 > longestHole) longestHole = slot - previousSlot - 1;
    previousSlot = slot;
    const distance = distances[index] as number;
    if (distance <= rule.toleranceDays) onTimeCount++;
    residualSum += distance;
    if (slot < firstSlot) firstSlot = slot;
    if (slot > lastSlot) lastSlot = slot;
  }
  if (members.length < 2) return null;
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
    longestHole,
    meanAbsResidual,
    score,
  };
}

/** No fit is accepted below this coverage (the loosest limits ask for 0.75)… */
const LOWEST_ACCEPTED_COVERAGE = 0.75;
/** …but a skipping weekly plan's (`minSkippingCoverage`). */
const LOWEST_SKIPPING_COVERAGE =
  FIXED_AMOUNT_LIMITS.minSkippingCoverage ?? LOWEST_ACCEPTED_COVERAGE;

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
  const lowest =
    cadence === 'WEEKLY' && points.length >= SKIPPING_PLAN_CHARGES
      ? LOWEST_SKIPPING_COVERAGE
      : LOWEST_ACCEPTED_COVERAGE;
  return points.length >= lowest * slots;
}

function misfitsOf(fit: ScheduleFit): number {
  return fit.offCount + fit.extras.length + fit.lateCount;
}

/** Scores the points (sorted by day) against one cadence; null when no anchor exists. */
export function fitCadence(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  fixedPeriod?: number,
  isOneBillingDay = false,
): ScheduleFit | null {
  const costs = anchorCosts(points, cadence, fixedPeriod);
  const schedule = bestAnchor(costs, points);
  if (!schedule) return null;
  const single = assess(points, cadence, schedule, null);
  if (isOneBillingDay) return single;
  const window = CADENCE_RULES[cadence].toleranceDays + 1;
  if (single && misfitsOf(single) < 2 && single.meanAbsResidual <= 0.35 * window) return single;
  if (!couldFillGrid(points, cadence)) return single;
  const split = bestSplit(costs, points, cadence);
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
    fit.coverage >= minCoverageOf(fit, limits) &&
    fit.meanAbsResidual <=
      (limits.maxMeanResidualShare ?? MAX_MEAN_RESIDUAL_SHARE) * (rule.toleranceDays + 1) &&
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
    if (!mayFitEveryCharge(points, period, CADENCE_RULES[cadence].toleranceDays)) continue;
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
 * Whether one grid of `period` days could hold every charge on time, one per slot — what
 * `withFixedPeriod` asks of a fixed-day grid — judged from the gaps alone: charges on time for
 * slots k periods apart lie k periods give or take twice the tolerance apart. Most histories
 * fail at some gap, and the grid search is skipped.
 */
function mayFitEveryCharge(
  points: readonly DatedPoint[],
  period: number,
  toleranceDays: number,
): boolean {
  const slack = 2 * toleranceDays;
  for (let i = 1; i < points.length; i++) {
    const gap = (points[i] as DatedPoint).day - (points[i - 1] as DatedPoint).day;
    // Out of day order the rule does not hold; leave such input to the search.
    if (gap < 0) return true;
    const beyond = gap % period;
    if (gap < period - slack || (beyond > slack && beyond < period - slack)) return false;
  }
  return true;
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
    const calendar = fitCadence(points, cadence, undefined, limits.isOneBillingDay);
    const fit = withFixedPeriod(points, cadence, calendar, limits);
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
