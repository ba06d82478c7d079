/**
 * Fixed-price streams: each amount level that follows a cadence becomes a seed (two
 * subscriptions at one merchant differ in price, so they become two streams), and a seed
 * absorbs the levels that continue it on the same schedule before or after it — price changes.
 */
import { CADENCE_RULES, DETECTABLE_CADENCES, type KnownCadence } from './cadence';
import {
  candidateFrom,
  firstDayOf,
  fitRuns,
  lastDayOf,
  MIN_RUN_BEFORE_COMEBACK,
  overlapInTime,
  pauseDaysFor,
  SHORT_RUN_SPLIT,
  splitAtPauses,
  type Candidate,
  type FittedRun,
  type GroupContext,
} from './candidate';
import { addOnMostWeeks } from './add-on-weeks';
import { byDay, medianAmount, type Charge } from './charges';
import {
  duringLevel,
  gridCore,
  MAX_ADD_ON_RATIO,
  skippingPlanBand,
  withAddOns,
  withDearerWeeks,
} from './level-bands';
import { isIntroductoryStep, isPriceStep } from './merge-fragments';
import { extendAcrossPriceChanges, type Neighbours } from './price-steps';
import { monthlyPlansInWeekly, plansAtOnePrice, twoPlansForMovedDay } from './same-price-plans';
import { STORE_CADENCES } from './storefronts';
import { distanceToSlot, nearestSlotIndex, slotOf } from './schedule';
import {
  bestFit,
  isSkippingPlan,
  FIXED_AMOUNT_LIMITS,
  type FitLimits,
  type ScheduleFit,
} from './schedule-fit';

const HABITUAL_CADENCES: readonly KnownCadence[] = ['YEARLY', 'MONTHLY'];
/**
 * A habit's charges follow the person, not a billing day: a haircut every four to six weeks, a
 * payment to a friend now and then, can line up month after month at one price, but they sit
 * days either side of any grid, while a plan at such a merchant (Subscribe & Save, a Y
 * membership) is charged on its day give or take a posting day. So at a habit the charges must
 * sit within 0.3 of the on-time window of their slots on average (1.5 days monthly), not half,
 * on one billing day throughout (two days, one before a "move" and one after, fit such visits
 * as tightly as a plan fits one).
 */
const HABITUAL_LIMITS: FitLimits = {
  minCoverage: 0.85,
  maxMisfitShare: 0.1,
  maxLateShare: 0.2,
  maxMeanResidualShare: 0.3,
  isOneBillingDay: true,
};

type Seed = { candidate: Candidate; level: Charge[] };

/**
 * One candidate per amount level (or per run of it, see `fitRuns`) that follows a cadence,
 * grown across price changes and cut at long pauses.
 */
export function findFixedStreams(context: GroupContext, levels: readonly Charge[][]): Candidate[] {
  const cadences = context.isHabitual
    ? HABITUAL_CADENCES
    : context.merchant.isStorefront
      ? STORE_CADENCES
      : DETECTABLE_CADENCES;
  const limits = context.isHabitual ? HABITUAL_LIMITS : FIXED_AMOUNT_LIMITS;
  const seeds: Seed[] = [];
  // A plan's short run (a resubscription's, an introductory price's) with one charge at its
  // price months away — the comeback, or the plan before — fits no grid whole, and cut it is a
  // run that stands and a charge `takeBackComeback` may take back. At a store that sells
  // one-offs at its plans' prices, such a level is as likely purchases lined up by chance.
  const minSplit = context.merchant.isStorefront ? undefined : SHORT_RUN_SPLIT;
  const fitOn = (run: Charge[], on: readonly KnownCadence[]): ScheduleFit | null => {
    const found = bestFit(run, on, limits);
    return found && !isCoincidentalYearly(found, context) ? found : null;
  };
  const fit = (run: Charge[]): ScheduleFit | null => fitOn(run, cadences);
  const fitPart = (run: Charge[], cadence: KnownCadence): ScheduleFit | null =>
    fitOn(run, [cadence]);
  for (const level of levels) {
    // A lone charge seeds nothing (`fitRuns`, `withAddOns` and `gridCore` all need more), and
    // most levels at a busy merchant are one charge.
    if (level.length < 2) continue;
    let runs = fitRuns(level, fit, context.isHabitual ? 0 : 2, minSplit);
    if (!context.isHabitual && runs.some((run) => run.fit.cadence === 'WEEKLY')) {
      const plans = monthlyPlansInWeekly(level, fitPart);
      if (plans.length > 0) runs = plans;
    }
    if (!context.isHabitual && runs.some((run) => isSkippingPlan(run.fit, limits))) {
      runs = withDearerWeeks(runs, level, context.paid, fit);
    }
    if (!context.isHabitual && runs.some((run) => run.fit.earlier && run.fit.extras.length > 0)) {
      runs = runs.flatMap((run) => {
        const pair = twoPlansForMovedDay(run.charges, run.fit, fitPart);
        return pair.length > 0 ? pair : [run];
      });
    }
    for (const run of runs) {
      seeds.push({ candidate: candidateFrom(run.charges, run.fit), level });
    }
    if (context.isHabitual) continue;
    if (runs.length === 0) {
      const plans = plansAtOnePrice(level, fitPart);
      if (plans.length > 0) {
        for (const run of plans)
          seeds.push({ candidate: candidateFrom(run.charges, run.fit), level });
        continue;
      }
    }
    // A level whose runs hold under half its charges (a few weeks after a pause) may hold a
    // longer run among its add-on weeks: a meal kit with extras in many boxes.
    if (runs.length === 0 || chargesIn(runs) * 2 < level.length) {
      // Add-ons are read around the base price over the whole history, then, when that finds
      // no run, only among its own weeks: a price step after the run makes the whole history's
      // band another level's, though the base weeks with their dearer weeks are one plan.
      let banded = fitRuns(withAddOns(level, context.paid), fit, 2);
      if (banded.length === 0)
        banded = fitRuns(withAddOns(level, duringLevel(level, context.paid)), fit, 2);
      if (banded.length === 0) banded = skippingPlanBand(level, context.paid, fit);
      if (banded.length === 0) {
        banded = addOnMostWeeks(level, withAddOns(level, context.paid, MAX_ADD_ON_RATIO, 0), fit);
      }
      for (const run of banded) {
        seeds.push({ candidate: candidateFrom(run.charges, run.fit), level });
      }
      const core = banded.length === 0 && runs.length === 0 ? gridCore(level) : null;
      if (core) seeds.push({ candidate: core, level });
    }
  }
  seeds.sort((a, b) => b.candidate.members.length - a.candidate.members.length);

  // Built on first use: most merchants have no seed to grow.
  let levelOf: Map<Charge, Charge[]> | null = null;
  const neighbours: Neighbours = {
    paid: context.paid,
    levelOf: () => {
      if (!levelOf) {
        levelOf = new Map();
        for (const level of levels) for (const charge of level) levelOf.set(charge, level);
      }
      return levelOf;
    },
  };
  const taken = new Set<Charge>();
  const candidates: Candidate[] = [];
  const minExtendable = context.merchant.isRecurringMerchant === true ? 2 : 3;
  for (const seed of seeds) {
    if (seed.candidate.members.some((charge) => taken.has(charge))) continue;
    const grown =
      seed.candidate.members.length >= minExtendable
        ? extendAcrossPriceChanges(seed.candidate, neighbours, taken, limits, context)
        : seed.candidate;
    for (const charge of [...grown.members, ...grown.extras]) taken.add(charge);
    candidates.push(...splitAtPauses(grown, context.reversed));
  }
  const kept = absorbInterludes(candidates);
  if (!context.isHabitual && !context.merchant.isStorefront) {
    for (const candidate of kept) takeBackComeback(candidate, context, kept);
  }
  return kept.filter((candidate) => !isLostInNoise(candidate, context, kept));
}

/** How many charges the runs hold. */
function chargesIn(runs: readonly FittedRun[]): number {
  let count = 0;
  for (const run of runs) count += run.charges.length;
  return count;
}

/**
 * One bill at a plan's very price months after it stopped, and nothing after it at that price:
 * the person subscribed again (or the freeze ended), and the bill is the plan's latest. The
 * candidate's prediction then follows that bill's day (`fit.earlier`).
 */
function takeBackComeback(
  candidate: Candidate,
  context: GroupContext,
  candidates: readonly Candidate[],
): void {
  const last = candidate.members[candidate.members.length - 1];
  if (!last || candidate.members.length < MIN_RUN_BEFORE_COMEBACK || !candidate.fit) return;
  const from = last.day + pauseDaysFor(candidate.cadence);
  const later = context.paid.filter(
    (charge) => charge.day > last.day && Math.abs(charge.amount - last.amount) < 0.005,
  );
  const comeback = later[0];
  if (later.length !== 1 || !comeback || comeback.day < from) return;
  // A bill another run holds is that run's, and so is one within another run's span at this
  // merchant: that plan's week at this price (a plan taken up again at a new price, one of its
  // weeks at the old one), not this plan's return.
  if (
    candidates.some(
      (other) =>
        other.members.includes(comeback) ||
        other.extras.includes(comeback) ||
        (other !== candidate &&
          other.cadence === candidate.cadence &&
          firstDayOf(other) < comeback.day &&
          comeback.day < lastDayOf(other)),
    )
  )
    return;
  candidate.members = [...candidate.members, comeback];
  candidate.fit = {
    ...candidate.fit,
    earlier: { schedule: candidate.schedule, untilDay: comeback.day },
  };
}

/** Charges at one price that make a run on the other side of a pause the same plan. */
const MIN_PLAN_RUN = 3;

/**
 * At a merchant the catalogue doesn't know, a short run of equal amounts among many other
 * charges (two $31.98 cinema tickets a month apart, then a third) is more likely chance than a
 * subscription: it needs more charges to be believed. So at a person-to-person service the
 * catalogue knows (Venmo, Zelle): payments to people are round sums that repeat by chance, and
 * three equal ones among assorted others are a split bill or a repayment (rent paid that way
 * is one amount month after month, a run long enough to stand). Other habits it knows keep
 * their short runs: a Subscribe & Save order among Amazon purchases is one price on one day.
 */
function isLostInNoise(
  candidate: Candidate,
  context: GroupContext,
  candidates: readonly Candidate[],
): boolean {
  const { merchant } = context;
  if (merchant.catalogueId !== null && merchant.category !== 'transfers') return false;
  if (candidate.members.length >= 5) return false;
  // The same plan's runs on the other side of a pause, billed at this very price, are not
  // noise: a resubscription's first charges stand beside the run they resume, whose price may
  // have stepped up to this one (an introductory price first) or had dearer weeks. Nor are its
  // runs at another price on the very same billing days (an introductory price, a rise after a
  // skipped month): one plan whose price stepped.
  const price = candidate.members[0]?.amount ?? 0;
  let ownRuns = 0;
  for (const other of candidates) {
    if (
      other === candidate ||
      other.cadence !== candidate.cadence ||
      overlapInTime(other, candidate) ||
      (other.members.filter((charge) => charge.amount === price).length < MIN_PLAN_RUN &&
        !isOnSameGrid(candidate, other))
    )
      continue;
    ownRuns += other.members.length + other.extras.length;
  }
  const others = context.paid.length - candidate.members.length - candidate.extras.length - ownRuns;
  return others >= 2 * candidate.members.length;
}

/**
 * Whether a run is a step of another run's plan: that run has as many charges
 * (`MIN_PLAN_RUN`), its price is a step from this one's — or, for a short first run before it,
 * this run's is its introductory price — as merge-fragments.ts joins runs of one plan
 * (`isPriceStep`, `isIntroductoryStep`), and every charge of this run is on time on its billing
 * grid. A run further off in price would be left a stream of its own.
 */
function isOnSameGrid(candidate: Candidate, other: Candidate): boolean {
  if (other.members.length < MIN_PLAN_RUN) return false;
  const ratio = medianAmount(other.members) / medianAmount(candidate.members);
  const isIntroduction =
    lastDayOf(candidate) < firstDayOf(other) && isIntroductoryStep(ratio, candidate.members.length);
  if (!isPriceStep(ratio) && !isIntroduction) return false;
  const tolerance = CADENCE_RULES[candidate.cadence].toleranceDays;
  return candidate.members.every((charge) => distanceToSlot(other.schedule, charge) <= tolerance);
}

/**
 * A short run at another price that sits in a stream's empty slots — a promotional month, a
 * temporary discount — is part of that stream, not a second subscription.
 */
function absorbInterludes(candidates: Candidate[]): Candidate[] {
  const bySize = [...candidates].sort((a, b) => b.members.length - a.members.length);
  const absorbed = new Set<Candidate>();
  for (const host of bySize) {
    if (absorbed.has(host)) continue;
    const first = host.members[0];
    const last = host.members[host.members.length - 1];
    if (!first || !last) continue;
    const rule = CADENCE_RULES[host.cadence];
    const filled = new Set(host.members.map((charge) => nearestSlotIndex(host.schedule, charge)));
    for (const guest of bySize) {
      if (
        guest === host ||
        absorbed.has(guest) ||
        guest.members.length > 3 ||
        guest.members.length >= host.members.length
      )
        continue;
      const fitsHost = guest.members.every((charge) => {
        const hit = slotOf(host.schedule, charge);
        const ratio = charge.amount / last.amount;
        return (
          charge.day > first.day &&
          charge.day < last.day &&
          !filled.has(hit.slot) &&
          hit.distance <= rule.toleranceDays &&
          ratio >= 0.6 &&
          ratio <= 1.7
        );
      });
      if (!fitsHost) continue;
      for (const charge of guest.members) filled.add(nearestSlotIndex(host.schedule, charge));
      host.members = [...host.members, ...guest.members].sort(byDay);
      host.extras = [...host.extras, ...guest.extras].sort(byDay);
      absorbed.add(guest);
    }
  }
  return candidates.filter((candidate) => !absorbed.has(candidate));
}

/**
 * Two equal amounts a year apart where the person also pays other amounts (a habit, or an
 * unknown merchant with other activity) are a coincidence rather than a membership. At a habit
 * (a warehouse club, a store) where the person pays nothing else — nothing but the fee's
 * other prices in its yearly slots — they are its yearly fee.
 */
function isCoincidentalYearly(fit: ScheduleFit, context: GroupContext): boolean {
  if (fit.cadence !== 'YEARLY' || fit.members.length >= 3) return false;
  if (context.isHabitual) {
    const lateDays = CADENCE_RULES.YEARLY.lateDays;
    return context.paid.some((charge) => distanceToSlot(fit.schedule, charge) > lateDays);
  }
  return (
    context.merchant.isRecurringMerchant !== true && context.paid.length > fit.members.length + 1
  );
}
