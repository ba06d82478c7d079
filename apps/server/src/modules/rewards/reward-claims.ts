/**
 * Spending the balance (docs/savings.md, "Rewards: one rule"): a claim of one of the reward
 * options goes toward the next bill of the subscription it is named after, once per bill; it
 * comes back to the balance when the person puts it back, or when its bill changes, before the
 * bill is charged. Each runs under the person's lock: one balance change at a time.
 */
import {
  dollarsToCents,
  type RewardOptionId,
  type RewardTransaction,
  type Subscription,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { billKeyOf, billOfKey, canTakeReward, choicesIn } from './reward-choices';
import { transactionOf } from './reward-history';
import { balanceCents, record } from './reward-ledger';
import type { RewardsContext, RewardTarget } from './rewards.deps';

/**
 * Gives back to the balance every application toward a bill not yet due whose subscription can
 * no longer be charged it (cancelled, not a subscription, paid by Billow, another cadence).
 * Once per application: the return has the application's key.
 */
async function returnUnused(
  ctx: RewardsContext,
  userId: string,
  list: readonly Subscription[],
  tx: Db,
) {
  const byId = new Map(list.map((s) => [s.id, s]));
  const [applied, returned] = await Promise.all([
    ctx.repo.entries(userId, 'applied', tx),
    ctx.repo.sourceKeys(userId, 'returned', tx),
  ]);
  for (const entry of applied) {
    const bill = billOfKey(entry.sourceKey);
    if (!bill || returned.has(entry.sourceKey) || bill.billDate < ctx.today()) continue;
    if (canTakeReward(byId.get(bill.subscriptionId))) continue;
    await giveBack(ctx, entry, tx);
  }
}

/** Returns one application to the balance and takes it off its bill. */
async function giveBack(
  ctx: RewardsContext,
  entry: {
    userId: string;
    subscriptionId: string | null;
    amountCents: number;
    sourceKey: string;
  },
  tx: Db,
  /** The person put it back, or its bill changed. */
  why: 'person' | 'bill' = 'bill',
) {
  const bill = billOfKey(entry.sourceKey);
  await record(
    ctx,
    {
      userId: entry.userId,
      subscriptionId: entry.subscriptionId,
      kind: 'returned',
      source: why,
      amountCents: entry.amountCents,
      sourceKey: entry.sourceKey,
      occurredAt: ctx.now(),
    },
    tx,
  );
  if (bill) await ctx.onReturned?.(bill, tx);
}

/**
 * Looks again at the bills claims went toward (after the bills or the settings changed) and
 * gives back every claim whose bill changed before it was charged.
 */
export async function recheck(ctx: RewardsContext, userId: string): Promise<void> {
  const list = await ctx.subscriptionsOf(userId);
  await ctx.repo.withPersonLocked(userId, (tx) => returnUnused(ctx, userId, list, tx));
}

/**
 * Claims one of the reward options (docs/savings.md): its price, at most the bill's, comes off
 * the balance and off the next bill of the subscription it is named after. Refused when the
 * balance does not cover the option's price, or it has no bill to go toward now (none of its
 * kind, not due within the month, or a claim already waits for that bill).
 */
export async function claim(
  ctx: RewardsContext,
  userId: string,
  optionId: RewardOptionId,
): Promise<RewardTransaction> {
  const { repo } = ctx;
  const list = await ctx.subscriptionsOf(userId);
  const id = await repo.withPersonLocked(userId, async (tx) => {
    await returnUnused(ctx, userId, list, tx);
    const choice = (await choicesIn(ctx, list, userId, tx)).find((c) => c.id === optionId);
    if (!choice?.bill) {
      throw new ProblemError('conflict', 'This reward has no bill to go toward right now.', {
        code: 'reward-no-bill',
      });
    }
    const priceCents = dollarsToCents(choice.price);
    if ((await balanceCents(ctx, userId, tx)) < priceCents) {
      throw new ProblemError('conflict', 'The balance does not cover this reward yet.', {
        code: 'reward-not-covered',
      });
    }
    const { subscription_id: subscriptionId, date: billDate } = choice.bill;
    const target: RewardTarget = {
      subscriptionId,
      name: choice.name,
      amountCents: Math.min(priceCents, dollarsToCents(choice.bill.amount)),
      billDate,
    };
    const claimsBefore = [...(await repo.sourceKeys(userId, 'applied', tx))].filter((key) => {
      const bill = billOfKey(key);
      return bill?.subscriptionId === subscriptionId && bill.billDate === billDate;
    }).length;
    const sourceKey = billKeyOf(subscriptionId, billDate, claimsBefore);
    await record(
      ctx,
      {
        userId,
        subscriptionId,
        kind: 'applied',
        source: 'bill',
        amountCents: target.amountCents,
        sourceKey,
        occurredAt: ctx.now(),
      },
      tx,
    );
    await ctx.onApplied?.(target, tx);
    return (await repo.entry(userId, 'applied', sourceKey, tx))!.id;
  });
  if (!id) throw new ProblemError('not-found', 'No such person.');
  return transactionOf(ctx, userId, id);
}

/**
 * Puts a claim back in the balance and takes it off its bill, while the bill has not been
 * charged (its date is today or later) and the claim is not back already.
 */
export async function returnClaim(
  ctx: RewardsContext,
  userId: string,
  transactionId: string,
): Promise<RewardTransaction> {
  const { repo } = ctx;
  const returned = await repo.withPersonLocked(userId, async (tx) => {
    const entry = await repo.entryById(userId, transactionId, tx);
    // Another person's entry, or none: not found, as every id that is not one's own.
    if (!entry)
      throw new ProblemError('not-found', 'This reward was not found.', {
        code: 'reward-transaction-not-found',
      });
    const bill = entry && entry.kind === 'applied' ? billOfKey(entry.sourceKey) : undefined;
    const isBack = entry ? await repo.entry(userId, 'returned', entry.sourceKey, tx) : undefined;
    if (!bill || isBack || bill.billDate < ctx.today()) {
      throw new ProblemError('conflict', 'This reward can no longer be put back.', {
        code: 'reward-not-returnable',
      });
    }
    await giveBack(ctx, entry, tx, 'person');
    return (await repo.entry(userId, 'returned', entry.sourceKey, tx))!.id;
  });
  if (!returned) throw new ProblemError('not-found', 'No such person.');
  return transactionOf(ctx, userId, returned);
}
