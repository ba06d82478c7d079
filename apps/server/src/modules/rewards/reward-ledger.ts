/**
 * The rewards ledger's one writer and its figures (docs/savings.md, "Rewards: one rule"):
 * balance = earned − (applied − returned) − reversed, lifetime accrued = everything earned;
 * neither is ever negative.
 */
import type { Db } from '../../db/database';
import type { RewardsContext } from './rewards.deps';
import type { RewardEntry } from './rewards.repo';

/** Records an entry once per source event and kind (safe to call again from a retried job). */
export function record(ctx: RewardsContext, entry: RewardEntry, tx?: Db): Promise<boolean> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents <= 0) {
    throw new RangeError('A reward entry is a positive whole number of cents.');
  }
  return ctx.repo.add(entry, tx);
}

export async function balanceCents(ctx: RewardsContext, userId: string, tx?: Db): Promise<number> {
  const totals = await ctx.repo.totalsCents(userId, tx);
  return Math.max(0, totals.earned - (totals.applied - totals.returned) - totals.reversed);
}

export async function lifetimeAccruedCents(ctx: RewardsContext, userId: string): Promise<number> {
  return Math.max(0, (await ctx.repo.totalsCents(userId)).earned);
}
