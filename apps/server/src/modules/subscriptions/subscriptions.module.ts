/** Subscriptions: detection (as a job after every sync), the bills and their transactions. */
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FeatureModule } from '../feature-module';
import { subscriptionsJobHandlers } from './subscriptions.jobs';
import { createSubscriptionsRepo } from './subscriptions.repo';
import { registerSubscriptionRoutes } from './subscriptions.routes';
import { createSubscriptionsService } from './subscriptions.service';
import { createMissedSubscriptionsService } from './missed-subscriptions.service';
import { createPublishedSubscriptions } from './subscriptions.published';

export function createSubscriptionsModule(deps: {
  db: Db;
  changes: ChangeFeed;
  jobs: JobQueue<AppJobMap>;
  clock?: () => Date;
  onChanged?: (userId: string) => Promise<void>;
  /** After a detection run's writes (the planner's statistics: Database.refreshPlannerStatistics). */
  afterDetection?: () => Promise<void>;
}) {
  const repo = createSubscriptionsRepo(deps.db, deps.changes);
  const optional = {
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.onChanged ? { onChanged: deps.onChanged } : {}),
  };
  const service = createSubscriptionsService({ repo, ...optional });
  const missed = createMissedSubscriptionsService({ repo, list: service.list, ...optional });
  const published = {
    ...createPublishedSubscriptions(deps.db),
    // The charges of a bill are read with the bank's transactions they match.
    chargesSince: repo.chargesSince,
    lastChargeBetween: repo.lastChargeBetween,
  };
  return {
    service,
    /** What other modules may read and change of these rows (in their transaction). */
    published,
    exportRows: published.exportRows,
    routes: (app) => registerSubscriptionRoutes(app, { subscriptions: service, missed }),
    jobs: subscriptionsJobHandlers(service, deps.afterDetection),
    // Its rows go with the account's; its detection jobs are keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('subscriptions-detect', userId),
  } satisfies FeatureModule & { service: unknown; published: unknown };
}
