/**
 * The reward options as the person sees them, and the bill each goes toward (docs/savings.md,
 * "Rewards: one rule"): an application is keyed by its bill, so a bill takes one claim at a time.
 */
import {
  defaultRewardOption,
  type NextReward,
  type RewardChoice,
  rewardOptions,
  type Subscription,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import type { RewardsContext } from './rewards.deps';

/**
 * An application's key: the bill it went toward, and how many claims that bill had before (a
 * claim put back and claimed again is a new entry; the first keeps the older form).
 */
export const billKeyOf = (subscriptionId: string, billDate: string, claimsBefore = 0) =>
  `bill:${subscriptionId}:${billDate}${claimsBefore > 0 ? `:${claimsBefore}` : ''}`;

/** Rewards go only toward bills due within this many days: the ones actually due next. */
const NEXT_BILL_DAYS = 31;

const BILL_KEY = /^bill:([^:]+):(\d{4}-\d{2}-\d{2})(?::\d+)?$/;

/** The subscription and bill date an application went toward, or undefined for another key. */
export function billOfKey(key: string): { subscriptionId: string; billDate: string } | undefined {
  const match = BILL_KEY.exec(key);
  return match ? { subscriptionId: match[1]!, billDate: match[2]! } : undefined;
}

/**
 * Whether a subscription can still be charged the bill a reward went toward: an active monthly
 * bill the person pays themselves. Cancelled, not a subscription after all, paid by Billow as an
 * annual plan, or billed on another cadence, and the application is returned.
 */
export const canTakeReward = (s: Subscription | undefined) =>
  s !== undefined &&
  s.status === 'ACTIVE' &&
  !s.user_marked_not_subscription &&
  !s.is_billow_managed &&
  s.cadence === 'MONTHLY';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The reward options as this person sees them (docs/savings.md): each of the six options is
 * named after the person's bill of its kind that can take a reward (the one whose monthly price is
 * nearest the option's; two video-streaming options take two different bills), and carries the
 * bill a claim would go toward now: that subscription's next bill, due within NEXT_BILL_DAYS, when
 * no claim already waits for it (applied toward a bill dated today or later and not returned).
 * Never a plan Billow paid for.
 */
export function rewardChoicesOf(
  list: readonly Subscription[],
  appliedBillKeys: ReadonlySet<string>,
  today: string,
  returnedBillKeys: ReadonlySet<string> = new Set(),
  /** Applications the person put back themselves (a subset of the returned ones). */
  putBackBillKeys: ReadonlySet<string> = new Set(),
): RewardChoice[] {
  const putBackBills = new Set(
    [...putBackBillKeys].flatMap((key) => {
      const bill = billOfKey(key);
      return bill ? [`${bill.subscriptionId}:${bill.billDate}`] : [];
    }),
  );
  const awaitingCharge = new Set(
    [...appliedBillKeys].flatMap((key) => {
      const bill = billOfKey(key);
      return bill && bill.billDate >= today && !returnedBillKeys.has(key)
        ? [bill.subscriptionId]
        : [];
    }),
  );
  const horizon = addDays(today, NEXT_BILL_DAYS);
  const taken = new Set<string>();
  return rewardOptions.map((option) => {
    const kinds: readonly string[] = option.categories;
    const bill = list
      .filter(
        (s) => canTakeReward(s) && s.amount > 0 && kinds.includes(s.category) && !taken.has(s.id),
      )
      .sort(
        (a, b) =>
          Math.abs(a.normalized_monthly_amount - option.price) -
            Math.abs(b.normalized_monthly_amount - option.price) ||
          a.merchant_name.localeCompare(b.merchant_name) ||
          a.id.localeCompare(b.id),
      )[0];
    if (bill) taken.add(bill.id);
    const isDue =
      bill !== undefined &&
      !awaitingCharge.has(bill.id) &&
      bill.renewal_date !== null &&
      bill.renewal_date >= today &&
      bill.renewal_date <= horizon;
    return {
      id: option.id,
      name: bill?.merchant_name ?? option.name,
      kind: option.name,
      price: option.price,
      bill: isDue
        ? {
            subscription_id: bill.id,
            date: bill.renewal_date!,
            amount: bill.amount,
            was_put_back: putBackBills.has(`${bill.id}:${bill.renewal_date}`),
          }
        : null,
    };
  });
}

/** The reward options, given the bills rewards went toward and those given back. */
export async function choicesIn(
  ctx: RewardsContext,
  bills: readonly Subscription[] | Promise<readonly Subscription[]>,
  userId: string,
  tx?: Db,
) {
  // The bills and the claims are asked at once: one wait.
  const [list, claims] = await Promise.all([bills, ctx.repo.claimKeys(userId, tx)]);
  return rewardChoicesOf(
    list,
    claims.applied,
    ctx.today(),
    claims.returned,
    claims.returnedByPerson,
  );
}

/** The reward options, named after the person's bills, each with the bill it would pay. */
export async function choices(ctx: RewardsContext, userId: string): Promise<RewardChoice[]> {
  return choicesIn(ctx, ctx.subscriptionsOf(userId), userId);
}

/**
 * docs/rewards.md, "What the section shows": the next reward, the default target (video
 * streaming) as this person sees it: named after their video-streaming bill when they have one,
 * at the option's price.
 */
export async function nextReward(ctx: RewardsContext, userId: string): Promise<NextReward> {
  // The name and the price never depend on the claims (only which bill each option would pay
  // does): the claims are not read.
  const options = rewardChoicesOf(await ctx.subscriptionsOf(userId), new Set(), ctx.today());
  const choice = options.find((c) => c.id === defaultRewardOption.id)!;
  return { name: choice.name, amount: choice.price };
}
