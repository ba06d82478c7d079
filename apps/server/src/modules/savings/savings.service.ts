/**
 * The savings ledger: what Billow saved a person, written by the features that save money
 * (negotiations, annual plans) and summed for the lifetime-savings banner.
 */
import type { Db } from '../../db/database';
import type { SavingsEntry, SavingsRepo } from './savings.repo';

export function createSavingsService(deps: { repo: SavingsRepo }) {
  return {
    /** Records a saving once per source event (safe to call again from a retried job). */
    record(entry: SavingsEntry, tx?: Db): Promise<boolean> {
      if (!Number.isInteger(entry.amountCents) || entry.amountCents <= 0) {
        throw new RangeError('A saving is a positive whole number of cents.');
      }
      return deps.repo.add(entry, tx);
    },
    /** Takes a saving back once (safe to call again). */
    retract(entry: Pick<SavingsEntry, 'userId' | 'kind' | 'sourceKey'>, tx?: Db) {
      return deps.repo.remove(entry, tx);
    },
    async lifetimeSavings(userId: string) {
      return { lifetime_savings: (await deps.repo.lifetimeCents(userId)) / 100 };
    },
  };
}

export type SavingsService = ReturnType<typeof createSavingsService>;
