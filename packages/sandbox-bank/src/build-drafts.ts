/**
 * Turns a persona's streams and spending into draft transactions over a day range. A draft is a
 * transaction before it has ids and ISO dates; amounts are integer cents so that statement
 * totals and balances add up exactly. Each draft's `key` names it for good (stream + calendar
 * period, or spending kind + day + index), which is what keeps ids stable across windows.
 */
import { dollarsToCents } from '@billow/contracts';
import {
  addMonths,
  dateInMonth,
  dayOfMonth,
  monthIndexOf,
  nextBusinessDay,
  weekday,
} from './dates';
import { createRng, poisson, type Rng } from './prng';
import { occurrences, postingDates, resolveCadence, type Cadence } from './schedule';
import {
  renderDescriptor,
  type DescriptorContext,
  type SpendingSpec,
  type StreamSpec,
} from './streams';
import type { AccountKey, CategoryHint } from './types';

export type Draft = {
  account: AccountKey;
  key: string;
  authorized: number;
  posted: number;
  cents: number;
  name: string;
  merchantName: string | null;
  category: CategoryHint;
  stream?: string;
};

/** What every draft builder needs to know about the person and their story. */
export type DraftScope = {
  seed: string;
  persona: string;
  /** Day number the story is told from (trial, price change, cancellation). */
  story: number;
  city: string;
  state: string;
  masks: Record<AccountKey, string>;
  digits(label: string, count: number): string;
};

export const AUTOPAY_STREAM = 'card-autopay';

function descriptorContext(scope: DraftScope, rng: Rng, day: number): DescriptorContext {
  return {
    rng,
    day,
    city: scope.city,
    state: scope.state,
    masks: scope.masks,
    digits: scope.digits,
  };
}

export function streamDrafts(
  spec: StreamSpec,
  scope: DraftScope,
  from: number,
  to: number,
): Draft[] {
  const drafts: Draft[] = [];
  let cadence: Cadence = spec.cadence;
  let activeFrom = Number.NEGATIVE_INFINITY;
  if (spec.starts) {
    const signup =
      addMonths(scope.story, spec.starts.month) +
      createRng(scope.seed, scope.persona, spec.stream, 'signup').int(0, 14);
    activeFrom = signup + (spec.starts.trialDays ?? 0);
    // A subscription bills on the anniversary of its first charge.
    if (cadence.kind === 'monthly') cadence = { kind: 'monthly', day: dayOfMonth(activeFrom) };
  }
  const activeUntil =
    spec.endsAtMonth === undefined
      ? Number.POSITIVE_INFINITY
      : addMonths(scope.story, spec.endsAtMonth);
  const resolved = resolveCadence(
    cadence,
    createRng(scope.seed, scope.persona, spec.stream, 'anchor'),
    scope.story,
  );
  const storyMonth0 = monthIndexOf(scope.story);

  for (const occurrence of occurrences(resolved, from, to)) {
    if (occurrence.day < activeFrom || occurrence.day >= activeUntil) continue;
    const rng = createRng(scope.seed, scope.persona, spec.stream, occurrence.key);
    const storyMonth = monthIndexOf(occurrence.day) - storyMonth0;
    const dollars = spec.amount({ rng, day: occurrence.day, storyMonth });
    if (dollars === null) continue;
    const dates = postingDates(spec.posting, occurrence.day, rng);
    const context = descriptorContext(scope, rng, occurrence.day);
    const charge: Draft = {
      account: spec.account,
      key: `${spec.stream}:${occurrence.key}`,
      ...dates,
      cents: dollarsToCents(dollars),
      name: renderDescriptor(spec.descriptor, context),
      merchantName: spec.merchantName,
      category: spec.category,
      stream: spec.stream,
    };
    drafts.push(charge);
    if (spec.counterpart)
      drafts.push({
        ...charge,
        account: spec.counterpart.account,
        key: `${charge.key}:counterpart`,
        cents: -charge.cents,
        name: renderDescriptor(spec.counterpart.descriptor, context),
      });
    if (spec.failsAtMonth === storyMonth) drafts.push(...bounceAndRetry(charge));
  }
  return drafts;
}

/**
 * A debit the biller could not collect: the bank returns it two business days later (money back
 * in, no stream label: it is not a charge) and the biller tries again three days after that.
 */
function bounceAndRetry(charge: Draft): Draft[] {
  const returned = nextBusinessDay(charge.posted + 2);
  const retried = nextBusinessDay(returned + 3);
  const { stream: _stream, ...unlabelled } = charge;
  return [
    {
      ...unlabelled,
      key: `${charge.key}:return`,
      authorized: returned,
      posted: returned,
      cents: -charge.cents,
      name: `REVERSAL: ${charge.name}`,
    },
    { ...charge, key: `${charge.key}:retry`, authorized: retried, posted: retried },
  ];
}

/** Draws lean to the low end of the range: most coffees are small, a few are a round for friends. */
function skewed(rng: Rng, [min, max]: readonly [number, number]): number {
  return min + (max - min) * Math.pow(rng.next(), 1.6);
}

/** Weekday weights are relative: normalised to average 1, so `perDay` stays the true mean. */
function weekdayFactor(spec: SpendingSpec, day: number): number {
  const weights = spec.weekdayWeights;
  if (!weights || weights.length === 0) return 1;
  const mean = weights.reduce((sum, weight) => sum + weight, 0) / weights.length;
  return (weights[day] ?? mean) / mean;
}

export function spendingDrafts(
  spec: SpendingSpec,
  scope: DraftScope,
  from: number,
  to: number,
): Draft[] {
  const drafts: Draft[] = [];
  for (let day = from; day <= to; day++) {
    const rate = spec.perDay * weekdayFactor(spec, weekday(day));
    if (rate <= 0) continue;
    const rng = createRng(scope.seed, scope.persona, spec.kind, day);
    const count = poisson(rng, rate);
    for (let index = 0; index < count; index++) {
      const merchant = rng.weighted(spec.merchants);
      const dollars =
        typeof merchant.amount === 'function' ? merchant.amount(rng) : skewed(rng, merchant.amount);
      const account: AccountKey =
        spec.isIncome || rng.chance(spec.debitShare) ? 'checking' : 'credit';
      const purchase: Draft = {
        account,
        key: `${spec.kind}:d${day}:${index}`,
        ...postingDates(spec.isIncome ? 'ach' : 'card', day, rng),
        cents: dollarsToCents(spec.isIncome ? -dollars : dollars),
        name: renderDescriptor(merchant.descriptor, descriptorContext(scope, rng, day)),
        merchantName: merchant.merchantName,
        category: spec.category,
      };
      drafts.push(purchase);
      if (spec.refundChance !== undefined && rng.chance(spec.refundChance)) {
        const refunded = nextBusinessDay(purchase.posted + rng.int(7, 21));
        drafts.push({
          ...purchase,
          key: `${purchase.key}:refund`,
          authorized: refunded,
          posted: refunded,
          cents: -purchase.cents,
        });
      }
    }
  }
  return drafts;
}

/** Card charges and refunds, in cents, by the month they posted: the monthly statement. */
export function statementTotals(drafts: readonly Draft[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const draft of drafts) {
    if (draft.account !== 'credit' || draft.stream === AUTOPAY_STREAM) continue;
    const month = monthIndexOf(draft.posted);
    totals.set(month, (totals.get(month) ?? 0) + draft.cents);
  }
  return totals;
}

/**
 * The card's autopay: each month, checking pays the whole of last month's statement. The due
 * day is at most the 25th so that a weekend shift never pushes it into the next month.
 */
export function autopayDrafts(
  statements: Map<number, number>,
  scope: DraftScope,
  fromMonth: number,
  to: number,
): Draft[] {
  const dueDay = createRng(scope.seed, scope.persona, AUTOPAY_STREAM, 'anchor').int(18, 25);
  const drafts: Draft[] = [];
  for (let month = fromMonth; month <= monthIndexOf(to); month++) {
    const owed = statements.get(month - 1) ?? 0;
    const due = dateInMonth(month, dueDay);
    if (owed <= 0 || due > to) continue;
    const posted = nextBusinessDay(due);
    const payment: Draft = {
      account: 'checking',
      key: `${AUTOPAY_STREAM}:m${month}`,
      authorized: due,
      posted,
      cents: owed,
      name: `CHASE CREDIT CRD AUTOPAY PPD ID: ${scope.digits('autopay-ppd', 10)}`,
      merchantName: null,
      category: 'transfer',
      stream: AUTOPAY_STREAM,
    };
    drafts.push(payment, {
      ...payment,
      account: 'credit',
      key: `${payment.key}:counterpart`,
      cents: -owed,
      name: 'AUTOMATIC PAYMENT - THANK YOU',
    });
  }
  return drafts;
}
