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
import { bestFit, type FitLimits } from './schedule-fit';

const MIN_CHARGES = 4;
/** Dearest over cheapest week after the first: add-on weeks cost up to half as much again. */
const MAX_PRICE_RATIO = 1.5;
const EVERY_WEEK: FitLimits = { minCoverage: 1, maxMisfitShare: 0, maxLateShare: 0 };

export function findShortWeeklyPlan(context: GroupContext): Candidate | null {
  const { merchant, paid } = context;
  if (merchant.isRecurringMerchant !== true || merchant.isStorefront || context.isHabitual) {
    return null;
  }
  if (paid.length < MIN_CHARGES || !isAboutOnePrice(paid)) return null;
  const fit = bestFit(paid, ['WEEKLY'], EVERY_WEEK);
  if (
    !fit ||
    fit.members.length !== paid.length ||
    fit.lateCount > 0 ||
    fit.coverage < 1 ||
    fit.earlier
  ) {
    return null;
  }
  return candidateFrom(paid, fit);
}

function isAboutOnePrice(paid: readonly Charge[]): boolean {
  let low = Infinity;
  let high = 0;
  for (let i = 1; i < paid.length; i++) {
    const amount = (paid[i] as Charge).amount;
    if (amount < low) low = amount;
    if (amount > high) high = amount;
  }
  return high <= MAX_PRICE_RATIO * low && (paid[0]?.amount ?? Infinity) <= high;
}
