/**
 * Earning and reversing rewards (docs/savings.md, "Rewards: one rule"): a source event (a
 * Billow-paid annual plan, a verified negotiation) earns its configured share once, however often
 * it is sent; a returned payment takes its reward back, once.
 */
import type { Db } from '../../db/database';
import { balanceCents, record } from './reward-ledger';
import type { RewardSourceEvent, RewardsContext } from './rewards.deps';

const sourceKeyOf = (event: Pick<RewardSourceEvent, 'source' | 'sourceId'>) =>
  `${event.source}:${event.sourceId}`;

/** A rate in percent applied in whole basis points, rounded down: never more than promised. */
export function rewardCents(baseAmountCents: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return Math.floor((baseAmountCents * basisPoints) / 10_000);
}

const earnedCentsOf = (ctx: RewardsContext, event: RewardSourceEvent) =>
  rewardCents(
    event.baseAmountCents,
    event.source === 'annual_plan'
      ? ctx.rates.annualPlanRatePercent
      : ctx.rates.negotiationRatePercent,
  );

/** The earned entry of a source event, once (false when there was one already, or it is 0). */
async function recordEarned(
  ctx: RewardsContext,
  event: RewardSourceEvent,
  tx?: Db,
): Promise<boolean> {
  const cents = earnedCentsOf(ctx, event);
  if (cents <= 0) return false;
  return record(
    ctx,
    {
      userId: event.userId,
      subscriptionId: event.subscriptionId,
      kind: 'earned',
      source: event.source,
      amountCents: cents,
      sourceKey: sourceKeyOf(event),
      occurredAt: ctx.now(),
    },
    tx,
  );
}

/**
 * calculate rewards: earns the configured share of a source event once. Safe to run twice: the
 * second run writes nothing. Spending it is the person's claim (or their browser's, with
 * auto-apply on), toward the reward they chose.
 */
export async function earn(
  ctx: RewardsContext,
  event: RewardSourceEvent,
): Promise<{ earnedCents: number }> {
  const cents = earnedCentsOf(ctx, event);
  const isNew = await recordEarned(ctx, event);
  return { earnedCents: isNew ? cents : 0 };
}

/**
 * A returned payment takes its reward back, once, and never past zero: what was already applied
 * toward a bill stays with the person (the reversal is capped at the balance). When the return
 * is handled before its reward was earned (a late calculate job), the reward is earned here
 * first, so the late job finds it there and earns nothing.
 */
export async function reverse(ctx: RewardsContext, event: RewardSourceEvent) {
  const { repo } = ctx;
  const key = sourceKeyOf(event);
  const reversed = await repo.withPersonLocked(event.userId, async (tx) => {
    await recordEarned(ctx, event, tx);
    const earned = await repo.entry(event.userId, 'earned', key, tx);
    if (!earned) return 0;
    if (await repo.entry(event.userId, 'reversed', key, tx)) return 0;
    const cents = Math.min(earned.amountCents, await balanceCents(ctx, event.userId, tx));
    if (cents <= 0) return 0;
    await record(
      ctx,
      {
        userId: event.userId,
        subscriptionId: earned.subscriptionId,
        kind: 'reversed',
        source: earned.source,
        amountCents: cents,
        sourceKey: key,
        occurredAt: ctx.now(),
      },
      tx,
    );
    return cents;
  });
  return { reversedCents: reversed ?? 0 };
}
