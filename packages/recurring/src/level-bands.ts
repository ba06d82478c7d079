/**
 * A price level read with the charges around it: a skipping weekly plan's dearer weeks, a meal
 * kit's add-on weeks around its base price, and the core of a level that fits a grid while the
 * level as a whole does not.
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import { candidateFrom, fitRuns, type Candidate, type FittedRun } from './candidate';
import { MAX_FILL_RATIO } from './bill-streams';
import type { Charge } from './charges';
import { distanceToSlot } from './schedule';
import {
  fitCadence,
  isAcceptable,
  isPlausible,
  SKIPPING_PLAN_CHARGES,
  type FitLimits,
  type ScheduleFit,
} from './schedule-fit';

/** The charges from the level's first day to its last. */
export function duringLevel(level: readonly Charge[], paid: readonly Charge[]): Charge[] {
  const from = level[0]?.day ?? 0;
  const to = level[level.length - 1]?.day ?? 0;
  return paid.filter((charge) => charge.day >= from && charge.day <= to);
}

/**
 * A skipping weekly plan (`isSkippingPlan`) read on its own price holds only the weeks without
 * extras: its dearer weeks, left over, would make pieces of their own (two a year apart at one
 * price, two a month apart). The plan is its price and the dearer charges around it
 * (`withAddOns`) when those fit one weekly grid holding more of them.
 */
export function withDearerWeeks(
  runs: FittedRun[],
  level: readonly Charge[],
  paid: readonly Charge[],
  fit: (run: Charge[]) => ScheduleFit | null,
): FittedRun[] {
  const band = withAddOns(level, paid, MAX_FILL_RATIO);
  if (band.length === 0) return runs;
  const banded = fitRuns(band, fit, 2);
  const held = (found: typeof runs): number =>
    found.reduce((sum, run) => sum + run.fit.members.length + run.fit.extras.length, 0);
  return held(banded) > held(runs) ? banded : runs;
}

/** Share of the band a skipping weekly plan's price must hold (`skippingPlanBand`). */
const MIN_SKIPPING_BASE_SHARE = 0.5;

/**
 * A weekly plan whose customer adds extras nearly every other week and skips often: its price
 * holds half its band, under `MIN_BASE_SHARE`, and under half its weeks. Its price and dearer
 * weeks together are still one plan when they fill a weekly grid of `SKIPPING_PLAN_CHARGES`
 * charges or more (at the skipping coverage); no slower grid is read from so loose a band.
 */
export function skippingPlanBand(
  level: readonly Charge[],
  paid: readonly Charge[],
  fit: (run: Charge[]) => ScheduleFit | null,
): FittedRun[] {
  const band = withAddOns(level, paid, MAX_ADD_ON_RATIO, MIN_SKIPPING_BASE_SHARE);
  return fitRuns(band, fit, 2).filter(
    (run) => run.fit.cadence === 'WEEKLY' && run.fit.members.length >= SKIPPING_PLAN_CHARGES,
  );
}

/** A base price needs this many charges before add-on weeks are read around it. */
const MIN_BASE_CHARGES = 6;
/** Share of the band the base price must hold: add-ons are the exception, not the rule. */
const MIN_BASE_SHARE = 0.6;
/** An add-on week costs more than the base price, up to this factor. */
export const MAX_ADD_ON_RATIO = 1.5;

/**
 * The base price plus the dearer charges around it: a meal kit bills one price most weeks and
 * more in weeks with extras, so the base level alone leaves every add-on week as a hole in its
 * grid. Empty when the base level is too small or does not dominate the band.
 */
export function withAddOns(
  level: readonly Charge[],
  paid: readonly Charge[],
  maxRatio = MAX_ADD_ON_RATIO,
  minShare = MIN_BASE_SHARE,
): Charge[] {
  const base = level[0]?.amount ?? 0;
  if (level.length < MIN_BASE_CHARGES || base <= 0) return [];
  const band = paid.filter(
    (charge) => charge.amount >= base - 0.005 && charge.amount <= base * maxRatio,
  );
  return band.length > level.length && level.length >= minShare * band.length ? band : [];
}

/** A grid core needs this many charges, and this share of its level, in its span and overall. */
const MIN_CORE_CHARGES = 6;
const MIN_CORE_SHARE = 2 / 3;
const CORE_LIMITS: FitLimits = { minCoverage: 0.9, maxMisfitShare: 0, maxLateShare: 0.1 };
const CORE_CADENCES: readonly KnownCadence[] = ['YEARLY', 'QUARTERLY', 'MONTHLY', 'WEEKLY'];

/**
 * The subscription inside a level that one-off purchases at the same price crowd: an app store
 * sells a $4.99 game as well as the $4.99 monthly plan. The charges on time for their slot, one
 * per slot, are kept when they fill the grid almost completely and are most of the level;
 * the rest stay one-off purchases. Random purchases rarely fill nine slots in ten on time.
 */
export function gridCore(level: readonly Charge[]): Candidate | null {
  if (level.length < MIN_CORE_CHARGES) return null;
  let best: Candidate | null = null;
  for (const cadence of CORE_CADENCES) {
    if (!isPlausible(level, cadence)) continue;
    const loose = fitCadence(level, cadence);
    if (!loose) continue;
    const rule = CADENCE_RULES[cadence];
    const onTime = loose.members
      .map((index) => level[index])
      .filter((charge): charge is Charge => charge !== undefined)
      .filter((charge) => distanceToSlot(loose.schedule, charge) <= rule.toleranceDays);
    if (onTime.length < MIN_CORE_CHARGES) continue;
    // Same-price purchases long before or after the plan sit on its grid by chance: the plan is
    // the longest run that fills its grid, cut at long gaps.
    const runs = fitRuns(
      onTime,
      (run) => {
        const fit = fitCadence(run, cadence);
        return fit && isAcceptable(fit, run.length, CORE_LIMITS) ? fit : null;
      },
      2,
    );
    for (const run of runs) {
      const from = run.charges[0]?.day ?? 0;
      const to = run.charges[run.charges.length - 1]?.day ?? 0;
      const alongside = level.filter((charge) => charge.day >= from && charge.day <= to).length;
      if (
        run.fit.members.length < MIN_CORE_CHARGES ||
        run.fit.members.length < MIN_CORE_SHARE * alongside ||
        run.fit.members.length < MIN_CORE_SHARE * level.length
      )
        continue;
      if (!best || run.fit.members.length > best.members.length) {
        best = candidateFrom(run.charges, run.fit);
      }
    }
  }
  return best;
}
