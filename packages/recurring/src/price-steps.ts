/**
 * Price steps: a plan whose price changed is amount levels that follow each other in time, and
 * a seed grows across them while the union still fits its cadence.
 */
import { CADENCE_RULES } from './cadence';
import { candidateFrom, pauseDaysFor, type Candidate, type GroupContext } from './candidate';
import { byDay, medianAmount, type Charge } from './charges';
import { isEarlyAtStore } from './storefronts';
import { fixedPeriodOf, nearestSlotDate } from './schedule';
import { fitCadence, isAcceptable, type FitLimits } from './schedule-fit';

/** The merchant's paid charges by day, and the amount level each belongs to. */
export type Neighbours = { paid: readonly Charge[]; levelOf: () => ReadonlyMap<Charge, Charge[]> };

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
 * Price changes split one subscription into amount levels that follow each other in time.
 * Grows a seed with the part of a level just before or after it as long as the union still
 * fits the seed's cadence; a level with charges during the seed is a different subscription.
 * A part must repeat (2+ charges, 3+ at a habit) to count as a new price — except one charge
 * right after the seed (not at a habit), when the new price took effect on the latest bill — at a
 * store, only on its billing day (`isEarlyAtStore`). Chaining lone
 * charges would let any habit's random amounts pass for a subscription with "price changes".
 */
export function extendAcrossPriceChanges(
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
        const ratio = medianAmount(part) / (isAfter ? last.amount : first.amount);
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
