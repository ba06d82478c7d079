/**
 * The rewards ledger: balance = earned − applied − reversed, lifetime accrued = everything earned;
 * neither is ever negative. The features that earn and spend rewards write entries here, once per
 * source event.
 */
import type { Db } from '../../db/database';
import type { RewardEntry, RewardsRepo } from './rewards.repo';

export function createRewardsService(deps: { repo: RewardsRepo }) {
  return {
    /** Records an entry once per source event and kind (safe to call again from a retried job). */
    record(entry: RewardEntry, tx?: Db): Promise<boolean> {
      if (!Number.isInteger(entry.amountCents) || entry.amountCents <= 0) {
        throw new RangeError('A reward entry is a positive whole number of cents.');
      }
      return deps.repo.add(entry, tx);
    },
    async balanceCents(userId: string): Promise<number> {
      const totals = await deps.repo.totalsCents(userId);
      return Math.max(0, totals.earned - totals.applied - totals.reversed);
    },
    async lifetimeAccruedCents(userId: string): Promise<number> {
      return Math.max(0, (await deps.repo.totalsCents(userId)).earned);
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
