/**
 * A weekly plan at a subscription merchant the catalogue knows (a meal kit) tried for a few
 * weeks: an introductory box, then the plan's price with extras some weeks, then cancelled.
 * Every amount is a level of one or two charges, so no fixed-price rule sees a run, though the
 * charges fill a weekly grid week after week. At such a merchant, four charges or more that are
 * all the merchant's charges and fill every week of one weekly grid, on time, are that plan
 * when they are about one price (add-on weeks within half as much again of the cheapest week
 * after the first, the first at most the dearest: an introductory price).
 */
import { candidateFrom, type Candidate, type GroupContext } from './candidate';
import type { Charge } from './charges';
import { MAX_ADD_ON_RATIO } from './level-bands';
import { bestFit, type FitLimits } from './schedule-fit';

const MIN_CHARGES = 4;
const EVERY_WEEK: FitLimits = { minCoverage: 1, maxMisfitShare: 0, maxLateShare: 0 };

export function findShortWeeklyPlan(context: GroupContext): Candidate | null {
  const { merchant, paid } = context;
  if (merchant.isRecurringMerchant !== true || merchant.isStorefront || context.isHabitual) {
    return null;
  }
  if (paid.length < MIN_CHARGES || !isIntroThenAddOnWeeks(paid)) return null;
  const fit = bestFit(paid, ['WEEKLY'], EVERY_WEEK);
  // Every week filled is in the limits; they let one charge be late, the plan lets none.
  if (!fit || fit.members.length !== paid.length || fit.lateCount > 0 || fit.earlier) return null;
  return candidateFrom(paid, fit);
}

/**
 * The weeks after the first within `MAX_ADD_ON_RATIO` of the cheapest of them (a level's dearer
 * weeks), the first at most the dearest (an introductory box).
 */
function isIntroThenAddOnWeeks(paid: readonly Charge[]): boolean {
  let low = Infinity;
  let high = 0;
  for (let i = 1; i < paid.length; i++) {
    const amount = (paid[i] as Charge).amount;
    if (amount < low) low = amount;
    if (amount > high) high = amount;
  }
  return high <= MAX_ADD_ON_RATIO * low && (paid[0]?.amount ?? Infinity) <= high;
}
