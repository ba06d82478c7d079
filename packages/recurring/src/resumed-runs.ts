/**
 * A plan paused or cancelled, then taken up again at the same merchant (docs: a freeze, a
 * resubscription). The run after the gap is judged as the plan carrying on, not as a new stream
 * found from nothing: a meal kit that skips weeks fills under three in four of its weekly slots
 * in the weeks since it came back, so on its own it is no stream at all, or a semi-monthly or
 * biweekly one, and the plan shows cancelled months ago while its charges go on.
 */
import { CADENCE_RULES } from './cadence';
import { candidateFrom, fitRuns, lastDayOf, type Candidate, type GroupContext } from './candidate';
import { fillEmptySlots, MAX_FILL_RATIO } from './bill-streams';
import { MAX_RESUBSCRIBE_RATIO } from './merge-fragments';
import { byDay, median, type Charge } from './charges';
import { bestFit, type FitLimits } from './schedule-fit';

/** A plan needs this many charges before a later run is read as its return. */
const MIN_PLAN_CHARGES = 6;
/** The run after the gap needs this many charges at about the plan's price. */
const MIN_RESUMED_OWN_CHARGES = 3;
/**
 * The grid a run after the gap must fill. A new stream needs three slots in four
 * (`FIXED_AMOUNT_LIMITS`); a plan the person has paid for months and that skips weeks is
 * believed back on three in five, on its own cadence and billing rhythm.
 */
const RESUMED_LIMITS: FitLimits = { minCoverage: 0.6, maxMisfitShare: 0.2, maxLateShare: 0.2 };

/**
 * For each plan that stopped (no charge for more than two cycles), the charges after it at about
 * its price (its dearer weeks too) that fill its cadence's grid as `RESUMED_LIMITS` asks are a
 * piece of their own on the plan's cadence, which `mergeFragments` joins to the plan. A slower
 * piece made of those charges (a weekly plan's comeback read as semi-monthly) gives way to it.
 * Returns the candidates, changed or not; `consumed` is kept up to date.
 */
export function findResumedRuns(
  candidates: Candidate[],
  context: GroupContext,
  consumed: Set<Charge>,
): Candidate[] {
  let result = candidates;
  // Most plans are still running: nothing after them to read.
  const latestDay = context.paid[context.paid.length - 1]?.day ?? -Infinity;
  for (const plan of candidates) {
    // A slower piece an earlier plan's return replaced is gone: read as a plan, its own later
    // charges would be marked taken while no candidate holds them.
    if (!result.includes(plan)) continue;
    if (plan.isVariable || plan.isTrialOnly || plan.members.length < MIN_PLAN_CHARGES) continue;
    const rule = CADENCE_RULES[plan.cadence];
    const stoppedAfter = lastDayOf(plan) + 2 * rule.periodDays + rule.lateDays;
    if (stoppedAfter >= latestDay) continue;
    // Already back on its own cadence: merge-fragments.ts joins the two.
    if (result.some((other) => other.cadence === plan.cadence && lastDayOf(other) > stoppedAfter))
      continue;
    const slower = result.filter(
      (other) =>
        CADENCE_RULES[other.cadence].periodDays > rule.periodDays &&
        (other.members[0]?.day ?? 0) > stoppedAfter,
    );
    const held = new Set<Charge>();
    for (const other of slower)
      for (const charge of [...other.members, ...other.extras]) held.add(charge);
    const price = median(plan.members.slice(-3).map((charge) => charge.amount));
    const isOwnPrice = (charge: Charge): boolean =>
      charge.amount <= price * MAX_RESUBSCRIBE_RATIO &&
      charge.amount * MAX_RESUBSCRIBE_RATIO >= price;
    const later = context.paid.filter(
      (charge) =>
        charge.day > stoppedAfter &&
        (!consumed.has(charge) || held.has(charge)) &&
        charge.amount * MAX_RESUBSCRIBE_RATIO >= price &&
        charge.amount <= price * MAX_FILL_RATIO,
    );
    if (later.filter(isOwnPrice).length < MIN_RESUMED_OWN_CHARGES) continue;
    const runs = fitRuns(later, (run) => bestFit(run, [plan.cadence], RESUMED_LIMITS), 2);
    for (const run of runs) {
      const piece = candidateFrom(run.charges, run.fit);
      if (piece.members.filter(isOwnPrice).length < MIN_RESUMED_OWN_CHARGES) continue;
      const taken = new Set([...piece.members, ...piece.extras]);
      const replaced = slower.filter((other) => other.members.some((charge) => taken.has(charge)));
      for (const other of replaced) {
        for (const charge of [...other.members, ...other.extras]) consumed.delete(charge);
      }
      for (const charge of taken) consumed.add(charge);
      fillEmptySlots(piece, context, consumed);
      const joined = resumedPlan(plan, piece);
      result = result
        .filter((other) => !replaced.includes(other))
        .map((other) => (other === plan ? joined : other));
      break;
    }
  }
  return result;
}

/** The plan with its run after the gap; predictions follow the later run's billing day. */
function resumedPlan(plan: Candidate, piece: Candidate): Candidate {
  const untilDay = piece.members[0]?.day ?? 0;
  return {
    ...piece,
    fit: piece.fit && { ...piece.fit, earlier: { schedule: plan.schedule, untilDay } },
    members: [...plan.members, ...piece.members].sort(byDay),
    extras: [...plan.extras, ...piece.extras].sort(byDay),
    reversed: plan.reversed,
    trial: plan.trial,
  };
}
