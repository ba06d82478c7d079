/**
 * A short weekly plan that skips (a dog walker paid per week, a lesson, a meal kit for a few
 * months) holds too few charges for the skipping coverage of a long plan
 * (`SKIPPING_PLAN_CHARGES`), yet its skips leave more than a quarter of its weeks empty. What
 * sets it apart from chance is timing: every charge on the plan's weekday (after placing each
 * on its purchase day), none late, none extra in a week, none off the grid. Purchases that
 * merely share a price scatter across the week, so a handful landing on one weekday every
 * time, with a week or two skipped now and then, is the plan.
 */
import type { ScheduleFit } from './schedule-fit';

/** Charges an exactly timed skipping weekly run needs. */
export const EXACT_SKIPPING_CHARGES = 8;
/** Coverage such a run needs: at most two weeks in five skipped. */
export const EXACT_SKIPPING_COVERAGE = 0.6;
/** Average distance to the plan's weekday, in days: posting on the day, give or take a few. */
const MAX_EXACT_RESIDUAL = 0.5;
/** Empty weeks in a row such a run may hold (longer is a pause, judged run by run). */
const MAX_EXACT_HOLE = 3;

/** Whether a weekly fit stands as a short skipping plan charged on its weekday every time. */
export function isExactSkippingWeek(fit: ScheduleFit): boolean {
  return (
    fit.cadence === 'WEEKLY' &&
    fit.members.length >= EXACT_SKIPPING_CHARGES &&
    fit.coverage >= EXACT_SKIPPING_COVERAGE &&
    fit.longestHole <= MAX_EXACT_HOLE &&
    fit.meanAbsResidual <= MAX_EXACT_RESIDUAL &&
    fit.lateCount === 0 &&
    fit.extras.length === 0 &&
    fit.offCount === 0
  );
}
