/** Rewards toward a free subscription, kept as a ledger (its routes come with the rewards screen). */
import type { Db } from '../../db/database';
import { createRewardsRepo } from './rewards.repo';
import { createRewardsService } from './rewards.service';

export function createRewardsModule(deps: { db: Db }) {
  const service = createRewardsService({ repo: createRewardsRepo(deps.db) });
  // Its rows go with the account's (on delete cascade); nothing else to forget, no routes yet.
  return { service };
}
