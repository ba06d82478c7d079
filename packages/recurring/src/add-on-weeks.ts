/**
 * A meal kit whose customer adds extras most weeks: the plan's price is still its most common
 * amount, but the dearer weeks (one, two or three extras, each its own amount) outnumber it,
 * so it holds under half its band and the band rules in level-bands.ts (`withAddOns`,
 * `skippingPlanBand`) do not read the band at all. Such a band is still one plan when it fills a
 * weekly grid as fully as any plan must (three weeks in four, not a skipping plan's half) over
 * `SKIPPING_PLAN_CHARGES` charges or more: two plans at one merchant would put two charges in
 * a week, and one-off orders would scatter off the grid.
 */
import { fitRuns, type FittedRun } from './candidate';
import type { Charge } from './charges';
import { FIXED_AMOUNT_LIMITS, SKIPPING_PLAN_CHARGES, type ScheduleFit } from './schedule-fit';

/** Share of the band the plan's price must still hold. */
const MIN_PRICE_SHARE = 1 / 3;

/**
 * The runs of `band` (the level `level` and the dearer charges around it) that are one weekly
 * plan with extras most weeks; empty unless the level is the band's most common amount.
 */
export function addOnMostWeeks(
  level: readonly Charge[],
  band: Charge[],
  fit: (run: Charge[]) => ScheduleFit | null,
): FittedRun[] {
  if (band.length < SKIPPING_PLAN_CHARGES || level.length < MIN_PRICE_SHARE * band.length) {
    return [];
  }
  const counts = new Map<number, number>();
  for (const charge of band) counts.set(charge.amount, (counts.get(charge.amount) ?? 0) + 1);
  for (const count of counts.values()) if (count > level.length) return [];
  return fitRuns(band, fit, 2).filter(
    (run) =>
      run.fit.cadence === 'WEEKLY' &&
      run.fit.members.length >= SKIPPING_PLAN_CHARGES &&
      run.fit.coverage >= FIXED_AMOUNT_LIMITS.minCoverage,
  );
}
