/**
 * A candidate stream: the charges detection believes belong to one subscription, before the
 * output rules (minimum charges, status, evidence) are applied in stream.ts.
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import { medianAmount, type Charge } from './charges';
import { fixedPeriodOf, distanceToSlot, nearestSlotIndex, type Schedule, slotOf } from './schedule';
import { bestSchedule } from './anchors';
import { fitCadence, type ScheduleFit } from './schedule-fit';
import type { NormalizedMerchant } from './types';

export type Candidate = {
  cadence: KnownCadence;
  schedule: Schedule;
  fit: ScheduleFit | null;
  /** One successful charge per filled slot, sorted by day. */
  members: Charge[];
  /** Further successful charges in a filled slot (a duplicate the merchant kept). */
  extras: Charge[];
  reversed: Charge[];
  trial: Charge | null;
  isVariable: boolean;
  isTrialOnly: boolean;
};

/** One merchant's charges and what is known about the merchant. */
export type GroupContext = {
  merchant: NormalizedMerchant;
  /** Charges a refund undid, sorted by day. */
  reversed: Charge[];
  /** Not reversed, amount >= 0 ($0 charges can only be trials), sorted by day. */
  active: Charge[];
  /** `active` with amount > 0. */
  paid: Charge[];
  /** Frequent spending (catalogue, category or behaviour): the strict rules apply. */
  isHabitual: boolean;
};

/** Charges at or below this are trial charges ($0 authorisations, "$1 for your first month"). */
export const TRIAL_MAX_AMOUNT = 1;

/** No charge for this long (and 2.5 cycles) means the subscription ended; later charges are a new one. */
const MIN_PAUSE_DAYS = 75;

/** Charges a run on one side of a pause needs to stand on its own. */
const MIN_STANDING_RUN = 3;

/**
 * A resubscription's first bills at the very price of the plan it resumes: this many after a
 * pause are its return, not stray purchases (`fitRuns`, `findResumedRuns`).
 */
export const COMEBACK_CHARGES = 2;

/**
 * A plan needs this many charges before one bill (`takeBackComeback`) or `COMEBACK_CHARGES`
 * (`findResumedRuns`) at its price after a pause are its return.
 */
export const MIN_RUN_BEFORE_COMEBACK = 4;

/**
 * The fewest charges `fitRuns` cuts at a pause by default: a run that stands on either side.
 * Fewer (`SHORT_RUN_SPLIT`: a run that stands and one charge after or before it) are cut only
 * where the caller trusts a short level of one price to be one plan's.
 */
const DEFAULT_MIN_SPLIT = 2 * MIN_STANDING_RUN;
export const SHORT_RUN_SPLIT = MIN_STANDING_RUN + 1;

/** A run of charges with the fit that makes it a stream (what `fitRuns` returns). */
export type FittedRun = { charges: Charge[]; fit: ScheduleFit };

export function candidateFrom(charges: readonly Charge[], fit: ScheduleFit): Candidate {
  return {
    cadence: fit.cadence,
    schedule: fit.schedule,
    fit,
    members: fit.members.map((index) => charges[index]).filter(isCharge),
    extras: fit.extras.map((index) => charges[index]).filter(isCharge),
    reversed: [],
    trial: null,
    isVariable: false,
    isTrialOnly: false,
  };
}

function isCharge(value: Charge | undefined): value is Charge {
  return value !== undefined;
}

/**
 * Fits `charges` as one run or, when that fails and the longest gap is a real pause, as the
 * runs on either side of it (cancelled, then subscribed again later), up to `depth` cuts deep.
 * Lists under `minSplit` charges are not cut.
 */
export function fitRuns(
  charges: Charge[],
  fit: (run: Charge[]) => ScheduleFit | null,
  depth: number,
  minSplit = DEFAULT_MIN_SPLIT,
): FittedRun[] {
  const whole = charges.length >= 2 ? fit(charges) : null;
  if (whole) return [{ charges, fit: whole }];
  if (depth === 0 || charges.length < minSplit) return [];
  let split = 1;
  for (let i = 2; i < charges.length; i++) {
    const gap = (charges[i]?.day ?? 0) - (charges[i - 1]?.day ?? 0);
    if (gap > (charges[split]?.day ?? 0) - (charges[split - 1]?.day ?? 0)) split = i;
  }
  if ((charges[split]?.day ?? 0) - (charges[split - 1]?.day ?? 0) < MIN_PAUSE_DAYS) return [];
  const before = charges.slice(0, split);
  const after = charges.slice(split);
  // Two charges at this very price after a run that stands are a resubscription's first two
  // bills (mergeFragments joins them to the run they resume), not two stray purchases.
  const isComeback = after.length === COMEBACK_CHARGES && before.length >= MIN_STANDING_RUN;
  return [before, after]
    .filter((run) => run.length >= MIN_STANDING_RUN || (run === after && isComeback))
    .flatMap((run) => fitRuns(run, fit, depth - 1, minSplit));
}

export function pauseDaysFor(cadence: KnownCadence): number {
  return Math.max(MIN_PAUSE_DAYS, 2.5 * CADENCE_RULES[cadence].periodDays);
}

/**
 * Cuts a candidate where its charges stop for months and resume on another billing day: the
 * person cancelled and later subscribed again, which the app shows as two subscriptions (the
 * first cancelled). A pause that resumes on the same billing day is a freeze (a gym, a meal
 * kit) and stays one stream, unless it lasted half a year or more. Pieces are refitted on their
 * own so each gets its own billing day.
 */
export function splitAtPauses(candidate: Candidate, reversed: readonly Charge[]): Candidate[] {
  const cuts = pauseCuts(candidate, reversed);
  if (cuts.length === 0) return [candidate];
  const { members } = candidate;
  const pieces: Candidate[] = [];
  const bounds = [0, ...cuts, members.length];
  for (let b = 1; b < bounds.length; b++) {
    const from = members[bounds[b - 1] ?? 0]?.day ?? 0;
    const to = members[(bounds[b] ?? 0) - 1]?.day ?? 0;
    const charges = [...members, ...candidate.extras]
      .filter((charge) => charge.day >= from && charge.day <= to)
      .sort((a, c) => a.day - c.day);
    const fit =
      charges.length >= 2
        ? fitCadence(charges, candidate.cadence, fixedPeriodOf(candidate.schedule))
        : null;
    if (fit) pieces.push({ ...candidateFrom(charges, fit), isVariable: candidate.isVariable });
  }
  return pieces;
}

function pauseCuts(candidate: Candidate, reversed: readonly Charge[]): number[] {
  const rule = CADENCE_RULES[candidate.cadence];
  const pause = pauseDaysFor(candidate.cadence);
  const { members } = candidate;
  const cuts: number[] = [];
  for (let i = 1; i < members.length; i++) {
    const from = members[i - 1]?.day ?? 0;
    const to = members[i]?.day ?? 0;
    if (to - from < pause) continue;
    // A reversed charge in the gap shows the merchant was still billing: a refund, not a pause.
    if (
      reversed.some(
        (charge) =>
          charge.day > from &&
          charge.day < to &&
          Math.min(charge.day - from, to - charge.day) < pause,
      )
    )
      continue;
    const isLongBreak = to - from >= 6 * rule.periodDays;
    const before = bestSchedule(
      members.slice(Math.max(0, i - 3), i),
      candidate.cadence,
      fixedPeriodOf(candidate.schedule),
    );
    const resumesOnGrid =
      before !== null &&
      members
        .slice(i, i + 2)
        .every((charge) => distanceToSlot(before, charge) <= rule.toleranceDays);
    if (isLongBreak || !resumesOnGrid) cuts.push(i);
  }
  return cuts;
}

/**
 * How far a reversed charge sits from a slot of this stream, or null when it can't be one of
 * its attempts: a different price, or outside the stream's slots (the next one included, for
 * a latest payment that failed).
 */
export function reversalDistance(candidate: Candidate, charge: Charge): number | null {
  const first = candidate.members[0];
  const last = candidate.members[candidate.members.length - 1];
  if (!candidate.fit || !first || !last) return null;
  let nearest = Infinity;
  for (const member of candidate.members) {
    if (Math.abs(member.amount - charge.amount) < Math.abs(nearest - charge.amount))
      nearest = member.amount;
  }
  const tolerance = candidate.isVariable ? 0.5 * nearest : Math.max(0.02, 0.05 * nearest);
  if (Math.abs(nearest - charge.amount) > tolerance) return null;
  const hit = slotOf(candidate.schedule, charge);
  if (
    hit.slot < nearestSlotIndex(candidate.schedule, first) ||
    hit.slot > nearestSlotIndex(candidate.schedule, last) + 1
  ) {
    return null;
  }
  return hit.distance;
}

/** The day of a piece's first and of its last charge. */
export const firstDayOf = (candidate: Candidate) => candidate.members[0]?.day ?? 0;
export const lastDayOf = (candidate: Candidate) =>
  candidate.members[candidate.members.length - 1]?.day ?? 0;

/** Whether two pieces' charges overlap in time (each starts before the other ends). */
export function overlapInTime(a: Candidate, b: Candidate): boolean {
  return firstDayOf(a) <= lastDayOf(b) && firstDayOf(b) <= lastDayOf(a);
}

/** The ratio of two pieces' median prices: within `maxRatio` either way, they are one price. */
export function isAboutOnePrice(a: Candidate, b: Candidate, maxRatio: number): boolean {
  const ratio = medianAmount(a.members) / medianAmount(b.members);
  return ratio >= 1 / maxRatio && ratio <= maxRatio;
}
