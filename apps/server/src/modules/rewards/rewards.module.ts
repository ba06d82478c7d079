/** Rewards toward a free subscription, kept as a ledger: the figures, the history and the jobs. */
import type { Subscription } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { rewardsJobHandlers } from './rewards.jobs';
import { createRewardsRepo } from './rewards.repo';
import { registerRewardsRoutes } from './rewards.routes';
import { createRewardsService, type RewardRates } from './rewards.service';

export function createRewardsModule(deps: {
  db: Db;
  rates: RewardRates;
  subscriptionsOf: (userId: string) => Promise<Subscription[]>;
  clock?: () => Date;
}) {
  const service = createRewardsService({
    repo: createRewardsRepo(deps.db),
    rates: deps.rates,
    subscriptionsOf: deps.subscriptionsOf,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  // Its rows go with the account's (on delete cascade): nothing else to forget.
  return {
    service,
    routes: (app) => registerRewardsRoutes(app, { rewards: service }),
    jobs: rewardsJobHandlers(service),
  } satisfies FeatureModule & { service: unknown };
}
