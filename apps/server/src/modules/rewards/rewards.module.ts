/** Rewards toward a free subscription, kept as a ledger: the figures, the history and the jobs. */
import type { Subscription } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FeatureModule } from '../feature-module';
import { rewardsJobHandlers } from './rewards.jobs';
import { createRewardsRepo, type RewardsRepoDeps } from './rewards.repo';
import { registerRewardsRoutes } from './rewards.routes';
import { createRewardsService, type RewardRates, type RewardTarget } from './rewards.service';

export function createRewardsModule(deps: {
  db: Db;
  jobs: Pick<JobQueue<AppJobMap>, 'forget'>;
  rates: RewardRates;
  /** Merchant names and the person's lock, from the subscriptions and users modules. */
  others: RewardsRepoDeps;
  subscriptionsOf: (userId: string) => Promise<Subscription[]>;
  onApplied?: (target: RewardTarget, tx: Db) => Promise<void>;
  onReturned?: (bill: { subscriptionId: string; billDate: string }, tx: Db) => Promise<void>;
  clock?: () => Date;
}) {
  const repo = createRewardsRepo(deps.db, deps.others);
  const service = createRewardsService({
    repo,
    rates: deps.rates,
    subscriptionsOf: deps.subscriptionsOf,
    ...(deps.onApplied ? { onApplied: deps.onApplied } : {}),
    ...(deps.onReturned ? { onReturned: deps.onReturned } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    // Its rows go with the account's (on delete cascade); its pending job is keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('rewards-auto-apply', userId),
    exportRows: repo.exportRows,
    /** Every person's entries, for the ledgers' reconciliation. */
    ledgerEntries: repo.ledgerEntries,
    routes: (app) => registerRewardsRoutes(app, { rewards: service }),
    jobs: rewardsJobHandlers(service),
  } satisfies FeatureModule & { service: unknown; ledgerEntries: unknown };
}
