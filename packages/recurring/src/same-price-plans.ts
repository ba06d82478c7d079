/**
 * Two plans at one price at one merchant, paid from one card: two people of a household each
 * with an app-store plan, two memberships renewed in different months. Their charges make one
 * amount level with two charges a cycle, which no single grid explains (half of them would be
 * extras), and the per-account search (accounts.ts) cannot part them either. Such a level is read
 * as two grids of one cadence, each charge on the grid it sits nearer — a two-means on the
 * billing day — and kept only when each half is a plan of its own (once a cycle, every charge
 * close to its billing day), the two run at the same time, and they bill on days apart (one
 * charge posted twice, a day or so apart, is one plan with extras, not two). Two plans billed
 * a day or two apart are told from that only by the day of each purchase the bank prints
 * (`MIN_BILL_DAYS_APART`).
 */
import { CADENCE_RULES, type KnownCadence } from './cadence';
import type { FittedRun } from './candidate';
import type { Charge } from './charges';
import { distanceToSlot, slotOf, type Schedule } from './schedule';
import { fitCadence, type ScheduleFit } from './schedule-fit';

/** One plan's charges judged on one cadence with the caller's limits, null when they fail them. */
type FitPart = (run: Charge[], cadence: KnownCadence) => ScheduleFit | null;

/** Plans a household doubles at one price: monthly or slower (weekly doubles are habits). */
const SPLIT_CADENCES: readonly KnownCadence[] = ['MONTHLY', 'QUARTERLY', 'YEARLY'];
/**
 * Charges per slot of the level's span that say two plans rather than one with extras: one
 * plan's extras are at most a fifth of its charges (`FIXED_AMOUNT_LIMITS`), while a second plan
 * for a quarter of the span or more — until its price rose, or since it began — adds 1.25.
 */
const MIN_CHARGES_PER_SLOT = 1.25;
const MAX_CHARGES_PER_SLOT = 2.2;
/**
 * Charges per slot between which a level may hold three plans or more (`plansByBillingDay`):
 * more than six a slot at one price are a habit's, not a household's plans.
 */
const MIN_PLANS_PER_SLOT = 2;
const MAX_PLANS_PER_SLOT = 6;
/** Rounds of reassigning charges to the nearer grid (two grids settle in one or two). */
const ROUNDS = 3;

/**
 * The plans at one price a level holds (two, or more by `plansByBillingDay`), or an empty list.
 * `fitPart` judges one plan's charges on one cadence with the caller's limits (null when they are
 * not a stream).
 */
export function plansAtOnePrice(level: readonly Charge[], fitPart: FitPart): FittedRun[] {
  const first = level[0];
  const last = level[level.length - 1];
  if (!first || !last || level.length < 4) return [];
  for (const cadence of SPLIT_CADENCES) {
    const rule = CADENCE_RULES[cadence];
    const span = last.day - first.day;
    const perSlot = level.length / (span / rule.periodDays + 1);
    if (perSlot < MIN_CHARGES_PER_SLOT) continue;
    if (perSlot <= MAX_CHARGES_PER_SLOT) {
      const pair = twoPlansFromWholeFit(level, cadence, fitPart);
      if (pair.length > 0) return pair;
    }
    // Three plans or more: twice as many charges a slot (but no more than a household's plans
    // at one price), each plan's fewest charges, and a span that holds them.
    const isRoomForThree =
      perSlot >= MIN_PLANS_PER_SLOT &&
      perSlot <= MAX_PLANS_PER_SLOT &&
      level.length >= 3 * rule.minCharges &&
      span >= (rule.minCharges - 1) * rule.periodDays - rule.lateDays;
    if (!isRoomForThree) continue;
    const plans = plansByBillingDay(level, cadence, fitPart);
    if (plans.length > 0) return plans;
  }
  return [];
}

/**
 * Two plans from the level read on one grid of the cadence: its members a first guess at one
 * plan's charges, the rest at the other's (`settledPair`). Empty when no grid reads it.
 */
function twoPlansFromWholeFit(
  level: readonly Charge[],
  cadence: KnownCadence,
  fitPart: FitPart,
): FittedRun[] {
  const whole = fitCadence(level, cadence);
  if (!whole) return [];
  const members = new Set(whole.members);
  return settledPair(
    level,
    cadence,
    level.filter((_, index) => members.has(index)),
    level.filter((_, index) => !members.has(index)),
    fitPart,
  );
}

/**
 * The monthly plans a level read as weekly holds, or an empty list: three plans at one price on
 * days a week or so apart in the month fill a weekly grid that skips a week a month, but a
 * weekly plan's charges move through the month (`plansByBillingDay`).
 */
export function monthlyPlansInWeekly(level: readonly Charge[], fitPart: FitPart): FittedRun[] {
  return plansByBillingDay(level, 'MONTHLY', fitPart);
}

/**
 * Three plans or more at one price (a household's app-store plans, one per person, on one
 * card): too many charges a cycle for the two-means. Each plan bills on its own day of the
 * cycle, so the level's charges fall in groups by their place in the cycle, with days between
 * groups (`MIN_BILL_DAYS_APART`) and a plan's posting lags within one. Kept when every group is
 * a plan of its own (`isOnePlan`) that ran while another did.
 */
function plansByBillingDay(
  level: readonly Charge[],
  cadence: KnownCadence,
  fitPart: FitPart,
): FittedRun[] {
  const groups = groupsInCycle(level, cadence);
  if (groups.length < 3) return [];
  const plans: FittedRun[] = [];
  for (const charges of groups) {
    const fit = fitPart(charges, cadence);
    if (!fit || !isOnePlan(fit, cadence)) return [];
    plans.push({ charges, fit });
  }
  const ranTogether = plans.every((plan) =>
    plans.some((other) => other !== plan && runTogether(plan.charges, other.charges)),
  );
  return ranTogether ? plans : [];
}

/** Days in a month, on average: a charge's place in a cycle is read in these. */
const MONTH_DAYS = 365.25 / 12;

/**
 * The level's charges grouped by their place in the cycle (the day of the month; of the quarter;
 * of the year), cut wherever `MIN_BILL_DAYS_APART` days or more pass with no charge, round the
 * cycle's end too. In day order within each group.
 */
function groupsInCycle(level: readonly Charge[], cadence: KnownCadence): Charge[][] {
  const months = cadence === 'YEARLY' ? 12 : cadence === 'QUARTERLY' ? 3 : 1;
  const cycle = months * MONTH_DAYS;
  const placeOf = (charge: Charge): number =>
    (charge.monthIndex % months) * MONTH_DAYS + charge.dayOfMonth - 1;
  const placed = [...level].sort((a, b) => placeOf(a) - placeOf(b));
  const cuts: number[] = [];
  for (let i = 0; i < placed.length; i++) {
    const here = placeOf(placed[i] as Charge);
    const next =
      i + 1 < placed.length
        ? placeOf(placed[i + 1] as Charge)
        : placeOf(placed[0] as Charge) + cycle;
    if (next - here >= MIN_BILL_DAYS_APART) cuts.push(i + 1);
  }
  if (cuts.length < 2) return [];
  // Start after the last cut, so a group across the cycle's end stays whole.
  const start = cuts[cuts.length - 1] as number;
  const around = [...placed.slice(start), ...placed.slice(0, start)];
  const groups: Charge[][] = [];
  let from = 0;
  for (const cut of cuts) {
    const to = (cut - start + placed.length) % placed.length || placed.length;
    groups.push(around.slice(from, to).sort((a, b) => a.day - b.day));
    from = to;
  }
  return groups;
}

/**
 * A run read as one plan whose billing day moved (`fit.earlier`) while charges of both days
 * came in the same months — the extras where the two overlap — may be two plans at one price:
 * one started on its day while the other still ran (a second person's plan, often on their own
 * card). It is, when the charges nearer each day make two acceptable streams that ran together.
 */
export function twoPlansForMovedDay(
  run: readonly Charge[],
  fit: ScheduleFit,
  fitPart: FitPart,
): FittedRun[] {
  if (!fit.earlier || fit.extras.length === 0 || !SPLIT_CADENCES.includes(fit.cadence)) return [];
  const before = fit.earlier.schedule;
  const a: Charge[] = [];
  const b: Charge[] = [];
  for (const charge of run) {
    (distanceToSlot(before, charge) <= distanceToSlot(fit.schedule, charge) ? a : b).push(charge);
  }
  return settledPair(run, fit.cadence, a, b, fitPart);
}

/**
 * Two plans from a first guess at each one's charges: each charge goes to the grid it sits
 * nearer until the halves settle, and the pair stands when each half is an acceptable stream
 * (`fitPart`) of enough charges, the two ran at the same time and bill on days apart.
 */
function settledPair(
  level: readonly Charge[],
  cadence: KnownCadence,
  guessA: Charge[],
  guessB: Charge[],
  fitPart: FitPart,
): FittedRun[] {
  const halves = splitByGrid(level, cadence, guessA, guessB);
  if (!halves) return [];
  const [a, b] = halves;
  const fitA = fitPart(a, cadence);
  const fitB = fitPart(b, cadence);
  if (!fitA || !fitB || !isOnePlan(fitA, cadence) || !isOnePlan(fitB, cadence)) return [];
  if (!runTogether(a, b)) return [];
  const isToTheDay =
    fitA.meanAbsResidual === 0 &&
    fitB.meanAbsResidual === 0 &&
    level.some((charge) => charge.day !== charge.postedDay);
  if (!billDaysApart(b, fitA.schedule, fitB.schedule, isToTheDay)) return [];
  return [
    { charges: a, fit: fitA },
    { charges: b, fit: fitB },
  ];
}

/**
 * How far a half's charges may sit from their slots on average, as a share of the on-time
 * window: two means carve any scatter of one price into two grids that a loose fit passes, but
 * a plan sits on its billing day give or take posting, while purchases (a gym's day passes, a
 * few a month) land anywhere.
 */
const PLAN_RESIDUAL_SHARE = 0.3;

/** Whether a half is one plan: enough charges, one a cycle, every one near its slot. */
function isOnePlan(fit: ScheduleFit, cadence: KnownCadence): boolean {
  const rule = CADENCE_RULES[cadence];
  return (
    fit.members.length >= rule.minCharges &&
    fit.extras.length === 0 &&
    fit.offCount === 0 &&
    fit.meanAbsResidual <= PLAN_RESIDUAL_SHARE * (rule.toleranceDays + 1)
  );
}

/** The level as two sets of charges, each nearer its own grid; null when one is too small. */
function splitByGrid(
  level: readonly Charge[],
  cadence: KnownCadence,
  guessA: Charge[],
  guessB: Charge[],
): [Charge[], Charge[]] | null {
  let a = guessA;
  let b = guessB;
  for (let round = 0; round < ROUNDS; round++) {
    if (a.length < 2 || b.length < 2) return null;
    // Each half is one plan on one billing day: a grid whose day moves would reach for the
    // other plan's charges.
    const gridA = fitCadence(a, cadence, undefined, true)?.schedule;
    const gridB = fitCadence(b, cadence, undefined, true)?.schedule;
    if (!gridA || !gridB) return null;
    const nextA: Charge[] = [];
    const nextB: Charge[] = [];
    for (const charge of level) (isNearerA(gridA, gridB, charge) ? nextA : nextB).push(charge);
    const isSettled = nextA.length === a.length && nextA.every((charge, i) => charge === a[i]);
    a = nextA;
    b = nextB;
    if (isSettled) break;
  }
  return a.length >= 2 && b.length >= 2 ? [a, b] : null;
}

/**
 * Whether a charge sits nearer grid A than grid B: in days as a charge may post (a weekend
 * between a slot and its charge does not count), then, on a tie, in calendar days — two plans a
 * day apart are on a tie whenever one bills on a Saturday and the other on the Sunday.
 */
function isNearerA(gridA: Schedule, gridB: Schedule, charge: Charge): boolean {
  const a = distanceToSlot(gridA, charge);
  const b = distanceToSlot(gridB, charge);
  if (a !== b) return a < b;
  return (
    Math.abs(charge.day - slotOf(gridA, charge).date) <=
    Math.abs(charge.day - slotOf(gridB, charge).date)
  );
}

/** Whether each half has charges within the other's span: two plans at once, not one resumed. */
function runTogether(a: readonly Charge[], b: readonly Charge[]): boolean {
  const from = Math.max(a[0]?.day ?? 0, b[0]?.day ?? 0);
  const to = Math.min(a[a.length - 1]?.day ?? 0, b[b.length - 1]?.day ?? 0);
  return to > from;
}

/**
 * Two billing days at least this far apart: one charge posted twice (an authorisation and its
 * settlement, a retry) sits a day or two from itself. Its copy carries the same purchase day,
 * though, where the bank prints one (charges.ts): there, closer billing days (but not the same
 * one) are two plans when every charge is on its purchase day's grid to the day (`isToTheDay`).
 */
const MIN_BILL_DAYS_APART = 3;

/** Whether the two grids bill on days apart, in calendar days (median over the second's slots). */
function billDaysApart(
  b: readonly Charge[],
  gridA: Schedule,
  gridB: Schedule,
  isToTheDay: boolean,
): boolean {
  const gaps = b
    .map((charge) => Math.abs(slotOf(gridA, charge).date - slotOf(gridB, charge).date))
    .sort((x, y) => x - y);
  const gap = gaps[Math.floor(gaps.length / 2)] ?? 0;
  return gap >= MIN_BILL_DAYS_APART || (isToTheDay && gap >= 1);
}
