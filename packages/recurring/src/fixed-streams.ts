/**
 * Fixed-price streams: each amount level that follows a cadence becomes a seed (two
 * subscriptions at one merchant differ in price, so they become two streams), and a seed
 * absorbs the levels that continue it on the same schedule before or after it — price changes.
 */
import { CADENCE_RULES, DETECTABLE_CADENCES, type KnownCadence } from './cadence';
import {
  candidateFrom,
  fitRuns,
  overlapInTime,
  pauseDaysFor,
  SHORT_RUN_SPLIT,
  splitAtPauses,
  type Candidate,
  type GroupContext,
} from './candidate';
import { addOnMostWeeks } from './add-on-weeks';
import { MAX_FILL_RATIO } from './bill-streams';
import { byDay, median, type Charge } from './charges';
import { twoPlansAtOnePrice, twoPlansForMovedDay } from './same-price-plans';
import { isEarlyAtStore, STORE_CADENCES } from './storefronts';
import {
  distanceToSlot,
  fixedPeriodOf,
  nearestSlotDate,
  nearestSlotIndex,
  slotOf,
} from './schedule';
import {
  bestFit,
  fitCadence,
  isAcceptable,
  isPlausible,
  isSkippingPlan,
  SKIPPING_PLAN_CHARGES,
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

/** The merchant's paid charges by day, and the amount level each belongs to. */
type Neighbours = { paid: readonly Charge[]; levelOf: () => ReadonlyMap<Charge, Charge[]> };

/**
 * Levels with a charge in [beforeFrom, beforeTo) or (afterFrom, afterTo]: the only ones that
 * can continue a seed. Looking them up by day keeps a merchant with thousands of distinct
 * amounts from costing seeds × levels.
 */
function levelsNear(
  neighbours: Neighbours,
  beforeFrom: number,
  beforeTo: number,
  afterFrom: number,
  afterTo: number,
): Set<Charge[]> {
  const { paid } = neighbours;
  const levelOf = neighbours.levelOf();
  const near = new Set<Charge[]>();
  const collect = (from: number, isIn: (day: number) => boolean): void => {
    for (let i = firstIndexFrom(paid, from); i < paid.length; i++) {
      const charge = paid[i];
      if (!charge || !isIn(charge.day)) break;
      const level = levelOf.get(charge);
      if (level) near.add(level);
    }
  };
  collect(beforeFrom, (day) => day < beforeTo);
  collect(afterFrom + 0.5, (day) => day <= afterTo);
  return near;
}

/** Index of the first charge on or after `day` (binary search; `paid` is sorted by day). */
function firstIndexFrom(paid: readonly Charge[], day: number): number {
  let low = 0;
  let high = paid.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((paid[middle]?.day ?? Infinity) < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

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
  const fit = (run: Charge[]): ScheduleFit | null => {
    const found = bestFit(run, cadences, limits);
    return found && !isCoincidentalYearly(found, context) ? found : null;
  };
  const fitPart = (run: Charge[], cadence: KnownCadence): ScheduleFit | null => {
    const found = bestFit(run, [cadence], limits);
    return found && !isCoincidentalYearly(found, context) ? found : null;
  };
  for (const level of levels) {
    // A lone charge seeds nothing (`fitRuns`, `withAddOns` and `gridCore` all need more), and
    // most levels at a busy merchant are one charge.
    if (level.length < 2) continue;
    let runs = fitRuns(level, fit, context.isHabitual ? 0 : 2, minSplit);
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
    if (runs.length === 0 && !context.isHabitual) {
      const pair = twoPlansAtOnePrice(level, fitPart);
      if (pair.length > 0) {
        for (const run of pair)
          seeds.push({ candidate: candidateFrom(run.charges, run.fit), level });
        continue;
      }
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
      const core = banded.length === 0 ? gridCore(level) : null;
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

/** A plan needs this many charges before one bill at its price after a pause is its return. */
const MIN_RUN_BEFORE_COMEBACK = 4;

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
  if (
    candidates.some((other) => other.members.includes(comeback) || other.extras.includes(comeback))
  )
    return;
  candidate.members = [...candidate.members, comeback];
  candidate.fit = {
    ...candidate.fit,
    earlier: { schedule: candidate.schedule, untilDay: comeback.day },
  };
}

/** The charges from the level's first day to its last. */
function duringLevel(level: readonly Charge[], paid: readonly Charge[]): Charge[] {
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
function withDearerWeeks(
  runs: Array<{ charges: Charge[]; fit: ScheduleFit }>,
  level: readonly Charge[],
  paid: readonly Charge[],
  fit: (run: Charge[]) => ScheduleFit | null,
): Array<{ charges: Charge[]; fit: ScheduleFit }> {
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
function skippingPlanBand(
  level: readonly Charge[],
  paid: readonly Charge[],
  fit: (run: Charge[]) => ScheduleFit | null,
): Array<{ charges: Charge[]; fit: ScheduleFit }> {
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
const MAX_ADD_ON_RATIO = 1.5;

/**
 * The base price plus the dearer charges around it: a meal kit bills one price most weeks and
 * more in weeks with extras, so the base level alone leaves every add-on week as a hole in its
 * grid. Empty when the base level is too small or does not dominate the band.
 */
function withAddOns(
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
function gridCore(level: readonly Charge[]): Candidate | null {
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

/** A price step joins runs of one plan up to this ratio (`MAX_STEP_RATIO` in merge-fragments.ts). */
const MAX_GRID_STEP_RATIO = 2.05;

/**
 * Whether a run is a step of another run's plan: that run has as many charges
 * (`MIN_PLAN_RUN`), its price is within a step of this one's, and every charge of this run is
 * on time on its billing grid. A run further off in price would be left a stream of its own.
 */
function isOnSameGrid(candidate: Candidate, other: Candidate): boolean {
  if (other.members.length < MIN_PLAN_RUN) return false;
  const ratio =
    median(candidate.members.map((charge) => charge.amount)) /
    median(other.members.map((charge) => charge.amount));
  if (ratio > MAX_GRID_STEP_RATIO || ratio * MAX_GRID_STEP_RATIO < 1) return false;
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

/**
 * Price changes split one subscription into amount levels that follow each other in time.
 * Grows a seed with the part of a level just before or after it as long as the union still
 * fits the seed's cadence; a level with charges during the seed is a different subscription.
 * A part must repeat (2+ charges, 3+ at a habit) to count as a new price — except one charge
 * right after the seed (not at a habit), when the new price took effect on the latest bill — at a
 * store, only on its billing day (`isEarlyAtStore`). Chaining lone
 * charges would let any habit's random amounts pass for a subscription with "price changes".
 */
function extendAcrossPriceChanges(
  seed: Candidate,
  neighbours: Neighbours,
  taken: ReadonlySet<Charge>,
  limits: FitLimits,
  context: GroupContext,
): Candidate {
  const { isHabitual } = context;
  const minPartSize = isHabitual ? 3 : 2;
  let candidate = seed;
  const rule = CADENCE_RULES[candidate.cadence];
  const rejected = new Set<Charge>();
  let hasTakenLoneCharge = false;
  for (;;) {
    const first = candidate.members[0];
    const last = candidate.members[candidate.members.length - 1];
    if (!first || !last) break;
    const owned = new Set([...candidate.members, ...candidate.extras]);
    // The seed's span runs from its first slot to its last: a last bill posted days late
    // (no purchase date printed) must not make the next price's first bill, on the next slot,
    // look like a charge during the seed.
    const spanFrom = first.day - rule.periodDays * 0.5;
    const spanTo =
      Math.min(last.day, nearestSlotDate(candidate.schedule, last)) + rule.periodDays * 0.5;
    const reach = Math.min(3 * rule.periodDays + rule.lateDays, pauseDaysFor(candidate.cadence));
    const parts: Array<{ part: Charge[]; gap: number; isLone: boolean }> = [];
    const near = levelsNear(neighbours, first.day - reach, spanFrom, spanTo, last.day + reach);
    for (const level of near) {
      const free = level.filter(
        (charge) => !owned.has(charge) && !taken.has(charge) && !rejected.has(charge),
      );
      if (free.length === 0 || free.some((c) => c.day >= spanFrom && c.day <= spanTo)) continue;
      for (const isAfter of [true, false]) {
        const part = contiguous(
          free.filter((charge) => (isAfter ? charge.day > spanTo : charge.day < spanFrom)),
          isAfter,
          pauseDaysFor(candidate.cadence),
        );
        const edge = isAfter ? part[0] : part[part.length - 1];
        if (!edge) continue;
        const isLone = part.length < minPartSize;
        if (isLone && (isHabitual || !isAfter || part.length > 1 || hasTakenLoneCharge)) continue;
        if (isLone && context.merchant.isStorefront && isEarlyAtStore(candidate, edge)) continue;
        const gap = isAfter ? edge.day - last.day : first.day - edge.day;
        if (gap > reach) continue;
        const ratio = median(part.map((c) => c.amount)) / (isAfter ? last.amount : first.amount);
        if (ratio >= 0.6 && ratio <= 1.7) parts.push({ part, gap, isLone });
      }
    }
    // Nearest first; a part that does not fit is never tried again for this seed.
    parts.sort((a, b) => a.gap - b.gap);
    let grown: Candidate | null = null;
    for (const { part, isLone } of parts) {
      const union = [...candidate.members, ...candidate.extras, ...part].sort(byDay);
      const fit = fitCadence(union, candidate.cadence, fixedPeriodOf(candidate.schedule));
      if (
        fit &&
        isAcceptable(fit, union.length, limits) &&
        fit.members.length > candidate.members.length
      ) {
        grown = candidateFrom(union, fit);
        hasTakenLoneCharge ||= isLone;
        break;
      }
      for (const charge of part) rejected.add(charge);
    }
    if (!grown) break;
    candidate = grown;
  }
  return candidate;
}

/**
 * The run of charges nearest the seed, up to the first long pause: charges after it belong to
 * a later subscription (which may have started at the old price again).
 */
function contiguous(part: readonly Charge[], isAfter: boolean, pause: number): Charge[] {
  const ordered = isAfter ? part : [...part].reverse();
  const run: Charge[] = [];
  for (const charge of ordered) {
    const previous = run[run.length - 1];
    if (previous && Math.abs(charge.day - previous.day) >= pause) break;
    run.push(charge);
  }
  return isAfter ? run : run.reverse();
}
