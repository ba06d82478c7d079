/**
 * A plan paused or cancelled, then taken up again at the same merchant (docs: a freeze, a
 * resubscription). The run after the gap is judged as the plan carrying on, not as a new stream
 * found from nothing: a meal kit that skips weeks fills under three in four of its weekly slots
 * in the weeks since it came back, so on its own it is no stream at all, or a semi-monthly or
 * biweekly one, and the plan shows cancelled months ago while its charges go on.
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import {
  candidateFrom,
  COMEBACK_CHARGES,
  firstDayOf,
  fitRuns,
  lastDayOf,
  MIN_RUN_BEFORE_COMEBACK,
  type Candidate,
  type FittedRun,
  type GroupContext,
} from './candidate';
import { fillEmptySlots, MAX_FILL_RATIO } from './bill-streams';
import { MAX_RESUBSCRIBE_RATIO } from './merge-fragments';
import { byDay, medianAmount, type Charge } from './charges';
import { bestFit, type FitLimits } from './schedule-fit';

/**
 * A plan needs this many charges before a later run is read as its return, which then needs this
 * many charges at about the plan's price — or, after a plan of `MIN_RUN_BEFORE_COMEBACK`,
 * `COMEBACK_CHARGES` at the very price of its last bill.
 */
const MIN_PLAN_CHARGES = 6;
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
    if (plan.isVariable || plan.isTrialOnly || plan.members.length < MIN_RUN_BEFORE_COMEBACK)
      continue;
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
    const price = medianAmount(plan.members.slice(-3));
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
    const lastPrice = plan.members[plan.members.length - 1]?.amount;
    const isBack = (charges: readonly Charge[]): boolean => {
      const own = charges.filter(isOwnPrice);
      return (
        (plan.members.length >= MIN_PLAN_CHARGES && own.length >= MIN_RESUMED_OWN_CHARGES) ||
        (own.length >= COMEBACK_CHARGES && own.every((charge) => charge.amount === lastPrice))
      );
    };
    if (!isBack(later)) continue;
    const runs = fitRuns(later, (run) => bestFit(run, [plan.cadence], RESUMED_LIMITS), 2);
    const taken = takeRun(runs, { slower, isBack, context, consumed });
    if (taken) result = joinedIn(result, plan, resumedPlan(plan, taken.piece), taken.replaced);
  }
  return result;
}

/**
 * The first run with enough charges at the plan's price (`isBack`), as a piece on the plan's
 * grid with its empty slots filled, and the slower pieces made of its charges, which give way
 * to it; null when no run has. `consumed` is kept up to date.
 */
function takeRun(
  runs: readonly FittedRun[],
  across: {
    slower: readonly Candidate[];
    isBack: (charges: readonly Charge[]) => boolean;
    context: GroupContext;
    consumed: Set<Charge>;
  },
): { piece: Candidate; replaced: Candidate[] } | null {
  const { slower, isBack, context, consumed } = across;
  for (const run of runs) {
    const piece = candidateFrom(run.charges, run.fit);
    if (!isBack(piece.members)) continue;
    const taken = new Set([...piece.members, ...piece.extras]);
    const replaced = slower.filter((other) => other.members.some((charge) => taken.has(charge)));
    for (const other of replaced) {
      for (const charge of [...other.members, ...other.extras]) consumed.delete(charge);
    }
    for (const charge of taken) consumed.add(charge);
    fillEmptySlots(piece, context, consumed);
    return { piece, replaced };
  }
  return null;
}

/** The candidates with `plan` joined to its run and the pieces that gave way left out. */
function joinedIn(
  result: readonly Candidate[],
  plan: Candidate,
  joined: Candidate,
  replaced: readonly Candidate[],
): Candidate[] {
  return result
    .filter((other) => !replaced.includes(other))
    .map((other) => (other === plan ? joined : other));
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

/**
 * Plans billed by the week are the ones whose weeks the customer skips or adds extras to; a
 * monthly plan's earlier run fills its grid at its own price and is found, and joined, as is.
 */
const WEEK_PLAN_CADENCES: ReadonlySet<KnownCadence> = new Set<KnownCadence>(['WEEKLY', 'BIWEEKLY']);

/**
 * The mirror of `findResumedRuns`: a plan that started after a gap (no charge for more than two
 * cycles before its first) may have an earlier run — the person tried the meal kit for a few
 * weeks, stopped, and came back. That run is short, and its weeks with extras sit at other
 * prices, so its base price alone fills too few weekly slots and reads as a semi-monthly or
 * biweekly piece, or as nothing. The charges before the gap at about the plan's first price
 * (its dearer weeks too) that fill the plan's grid as `RESUMED_LIMITS` asks are the plan's
 * first run: joined to it, the slower piece made of them gives way. The plan's own billing day
 * stays the one predictions follow.
 */
export function findEarlierRuns(
  candidates: Candidate[],
  context: GroupContext,
  consumed: Set<Charge>,
): Candidate[] {
  let result = candidates;
  const earliestDay = context.paid[0]?.day ?? Infinity;
  for (const plan of candidates) {
    if (plan.isVariable || plan.isTrialOnly || plan.members.length < MIN_PLAN_CHARGES) continue;
    if (!WEEK_PLAN_CADENCES.has(plan.cadence)) continue;
    const rule = CADENCE_RULES[plan.cadence];
    const startedAfter = firstDayOf(plan) - 2 * rule.periodDays - rule.lateDays;
    // Most plans have nothing before them to read.
    if (startedAfter <= earliestDay) continue;
    // Already found on its own cadence: merge-fragments.ts joins the two.
    if (result.some((other) => other.cadence === plan.cadence && firstDayOf(other) < startedAfter))
      continue;
    const slower = result.filter(
      (other) =>
        CADENCE_RULES[other.cadence].periodDays > rule.periodDays &&
        lastDayOf(other) < startedAfter,
    );
    const held = new Set<Charge>();
    for (const other of slower)
      for (const charge of [...other.members, ...other.extras]) held.add(charge);
    const price = medianAmount(plan.members.slice(0, 3));
    const isOwnPrice = (charge: Charge): boolean =>
      charge.amount <= price * MAX_RESUBSCRIBE_RATIO &&
      charge.amount * MAX_RESUBSCRIBE_RATIO >= price;
    const before = context.paid.filter(
      (charge) =>
        charge.day < startedAfter &&
        (!consumed.has(charge) || held.has(charge)) &&
        charge.amount * MAX_RESUBSCRIBE_RATIO >= price &&
        charge.amount <= price * MAX_FILL_RATIO,
    );
    const isBack = (charges: readonly Charge[]): boolean =>
      charges.filter(isOwnPrice).length >= MIN_RESUMED_OWN_CHARGES;
    if (!isBack(before)) continue;
    const runs = fitRuns(before, (run) => bestFit(run, [plan.cadence], RESUMED_LIMITS), 2);
    // The run nearest the plan is the one it came back from.
    const taken = takeRun([...runs].reverse(), { slower, isBack, context, consumed });
    if (taken) result = joinedIn(result, plan, withEarlierRun(plan, taken.piece), taken.replaced);
  }
  return result;
}

/** The plan with its run before the gap; predictions follow the plan's own billing day. */
function withEarlierRun(plan: Candidate, piece: Candidate): Candidate {
  const untilDay = plan.members[0]?.day ?? 0;
  return {
    ...plan,
    fit: plan.fit && {
      ...plan.fit,
      earlier: plan.fit.earlier ?? { schedule: piece.schedule, untilDay },
    },
    members: [...piece.members, ...plan.members].sort(byDay),
    extras: [...piece.extras, ...plan.extras].sort(byDay),
    reversed: [...piece.reversed, ...plan.reversed].sort(byDay),
    trial: piece.trial ?? plan.trial,
  };
}
