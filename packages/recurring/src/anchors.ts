/**
 * The anchor search: each charge's capped distance to its nearest slot under every anchor worth
 * trying, the one anchor that costs least, and the best place for a grid to move its billing
 * day once (schedule-fit.ts judges what these find).
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import {
  candidateSchedules,
  distanceToSlot,
  monthlyGridOn,
  type DatedPoint,
  type Schedule,
} from './schedule';

/** Charges a segment needs before a moved billing day is believed. */
const MIN_SEGMENT = 3;

/**
 * The capped distances of every charge to its nearest slot under every anchor worth trying,
 * as prefix sums per anchor (row a, column i: the first i charges). Rows are filled only as
 * far as needed: picking the one best anchor abandons an anchor once it costs more than the
 * best so far, and only a split search needs whole rows.
 */
export type AnchorCosts = {
  schedules: readonly Schedule[];
  cap: number;
  /** Row a at a × (n + 1). */
  prefixes: number[];
  /** How many charges each row has summed. */
  filled: number[];
  /**
   * Semi-monthly only: per billing day, every charge's distance to that day's monthly grid,
   * worked out on first use. A semi-monthly anchor is a pair of days, so each day serves many
   * anchors, and its distance is the smaller of its two days' (`monthlyGridOn`).
   */
  dayDistances: Array<number[] | undefined> | null;
};

export function anchorCosts(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  fixedPeriod: number | undefined,
): AnchorCosts {
  const schedules = candidateSchedules(points, cadence, fixedPeriod);
  const stride = points.length + 1;
  const prefixes = new Array<number>(schedules.length * stride);
  const filled = new Array<number>(schedules.length);
  for (let a = 0; a < schedules.length; a++) {
    prefixes[a * stride] = 0;
    filled[a] = 0;
  }
  return {
    schedules,
    cap: CADENCE_RULES[cadence].lateDays + 1,
    prefixes,
    filled,
    dayDistances: cadence === 'SEMI_MONTHLY' && fixedPeriod === undefined ? [] : null,
  };
}

/** `AnchorCosts.dayDistances` of one billing day. */
function distancesToDay(
  costs: AnchorCosts,
  points: readonly DatedPoint[],
  anchorDay: number,
): number[] {
  const byDay = costs.dayDistances as Array<number[] | undefined>;
  let distances = byDay[anchorDay];
  if (!distances) {
    const grid = monthlyGridOn(anchorDay);
    distances = points.map((point) => distanceToSlot(grid, point));
    byDay[anchorDay] = distances;
  }
  return distances;
}

/** Sums row `a` up to `until` charges, or until its sum reaches `stopAt`; returns the sum. */
function fillRow(
  costs: AnchorCosts,
  points: readonly DatedPoint[],
  a: number,
  until: number,
  stopAt: number,
): number {
  const { prefixes, filled, cap } = costs;
  const schedule = costs.schedules[a] as Schedule;
  const row = a * (points.length + 1);
  let i = filled[a] as number;
  let sum = prefixes[row + i] as number;
  if (costs.dayDistances && schedule.kind === 'semi') {
    const first = distancesToDay(costs, points, schedule.first);
    const second = distancesToDay(costs, points, schedule.second);
    while (i < until && sum < stopAt) {
      sum += Math.min(cap, first[i] as number, second[i] as number);
      i++;
      prefixes[row + i] = sum;
    }
    filled[a] = i;
    return sum;
  }
  while (i < until && sum < stopAt) {
    sum += Math.min(cap, distanceToSlot(schedule, points[i] as DatedPoint));
    i++;
    prefixes[row + i] = sum;
  }
  filled[a] = i;
  return sum;
}

/**
 * The anchor that puts the charges closest to their slots: the first with the least total
 * distance, each distance capped so outliers don't steer.
 */
export function bestSchedule(
  points: readonly DatedPoint[],
  cadence: KnownCadence,
  fixedPeriod?: number,
): Schedule | null {
  return bestAnchor(anchorCosts(points, cadence, fixedPeriod), points);
}

/** `bestSchedule` over costs a split search may go on to read. */
export function bestAnchor(costs: AnchorCosts, points: readonly DatedPoint[]): Schedule | null {
  let best: Schedule | null = null;
  let bestCost = Infinity;
  const n = points.length;
  for (let a = 0; a < costs.schedules.length; a++) {
    const cost = fillRow(costs, points, a, n, bestCost);
    if (costs.filled[a] === n && cost < bestCost) {
      bestCost = cost;
      best = costs.schedules[a] ?? null;
    }
  }
  return best;
}

/**
 * The best two-grid split: for every anchor, prefix sums of capped distances give the cost of
 * any "before" and "after" segment, so all split points are tried in anchors × charges steps.
 */
export function bestSplit(
  costs: AnchorCosts,
  points: readonly DatedPoint[],
  cadence: KnownCadence,
): { before: Schedule; after: Schedule; untilIndex: number } | null {
  const n = points.length;
  if (n < 2 * MIN_SEGMENT || cadence === 'DAILY') return null;
  const { schedules, prefixes } = costs;
  for (let a = 0; a < schedules.length; a++) fillRow(costs, points, a, n, Infinity);
  const stride = n + 1;
  let best: { before: Schedule; after: Schedule; untilIndex: number } | null = null;
  let bestCost = Infinity;
  for (let k = MIN_SEGMENT; k <= n - MIN_SEGMENT; k++) {
    let beforeIndex = 0;
    let afterIndex = 0;
    let beforeCost = Infinity;
    let afterCost = Infinity;
    for (let a = 0; a < schedules.length; a++) {
      const left = prefixes[a * stride + k] as number;
      const right = (prefixes[a * stride + n] as number) - left;
      if (left < beforeCost) {
        beforeCost = left;
        beforeIndex = a;
      }
      if (right < afterCost) {
        afterCost = right;
        afterIndex = a;
      }
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
