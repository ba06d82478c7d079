/** Subscriptions: detection (as a job after every sync), the bills and their transactions. */
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DomainEventBus } from '../../events/domain-events';
import type { FeatureModule } from '../feature-module';
import { subscriptionsJobHandlers } from './subscriptions.jobs';
import { createSubscriptionsRepo, type BillOwners } from './subscriptions.repo';
import { registerSubscriptionRoutes } from './subscriptions.routes';
import { createSubscriptionsService } from './subscriptions.service';
import { createMissedSubscriptionsService } from './missed-subscriptions.service';
import { createPublishedSubscriptions } from './subscriptions.published';

/** What other modules may read and change of a person's bills (each takes the part it uses). */
export type Bills = ReturnType<typeof createSubscriptionsModule>['published'];

export function createSubscriptionsModule(deps: {
  db: Db;
  changes: ChangeFeed;
  jobs: JobQueue<AppJobMap>;
  events: DomainEventBus;
  clock?: () => Date;
  /** After a detection run's writes (the planner's statistics: Database.refreshPlannerStatistics). */
  afterDetection?: () => Promise<void>;
  /** Banking's subqueries and reads of the bank's rows (read when first used). */
  banking: BillOwners['banking'];
  /** The person's zone, kept in memory by the users module (read when first used). */
  users: BillOwners['users'];
}) {
  const repo = createSubscriptionsRepo(deps.db, deps.changes, deps);
  const optional = {
    ...(deps.clock ? { clock: deps.clock } : {}),
    onChanged: (userId: string) => deps.events.publish('subscriptions-changed', { userId }),
  };
  const service = createSubscriptionsService({ repo, ...optional });
  const missed = createMissedSubscriptionsService({ repo, list: service.list, ...optional });
  const published = {
    ...createPublishedSubscriptions(deps.db),
    // The charges of a bill are read with the bank's transactions they match.
    chargesSince: repo.chargesSince,
    lastChargeBetween: repo.lastChargeBetween,
    /** The person's own bill, or undefined. */
    billOf: service.billOf,
    // What the person's screens, the assistant, the export and the calendar show of their bills.
    list: service.list,
    todayOf: service.todayOf,
    transactionDetails: service.transactionDetails,
    upcomingCharges: service.upcomingCharges,
    paidCharges: service.paidCharges,
    chargeHistory: service.chargeHistory,
    withPriceIncreases: service.withPriceIncreases,
    // What the bank shows of a bill, to verify savings and cancellations.
    bankChargesOf: service.bankChargesOf,
    merchantChargesOf: service.merchantChargesOf,
    bankMonthlyOf: service.bankMonthlyOf,
    /**
     * Active bills that may have an annual plan, with what a linked bank charges a month for
     * each: the instant savings.
     */
    annualPlanBillsOf: service.annualPlanBillsWithBankMonthly,
    /** A negotiated price per charge, in the negotiation's transaction. */
    applyNegotiatedPrice: service.applyNegotiatedPrice,
  };
  deps.events.subscribe({
    // A reward paid part of a bill, or was taken back: the bill shows it.
    'reward-applied': ({ subscriptionId, billDate, amountCents }, tx) =>
      service.creditReward(subscriptionId, billDate, amountCents, tx),
    'reward-returned': ({ subscriptionId, billDate }, tx) =>
      service.clearRewardCredit(subscriptionId, billDate, tx),
    // A verified cancellation ends the subscription (docs/cancellations.md).
    'cancellation-verified': ({ cancellation, on }, tx) =>
      deps.jobs.send(
        'subscriptions-mark-cancelled',
        {
          userId: cancellation.userId,
          subscriptionId: cancellation.subscriptionId,
          cancelledOn: on,
        },
        { tx, singletonKey: cancellation.id },
      ),
  });
  return {
    service,
    /** What other modules may read and change of these rows (in their transaction). */
    published,
    exportRows: published.exportRows,
    /** Every bill's figures, for the ledgers' reconciliation. */
    ledgerFigures: { bills: published.billFigures },
    routes: (app) => registerSubscriptionRoutes(app, { subscriptions: service, missed }),
    jobs: subscriptionsJobHandlers(service, deps.afterDetection),
    // Its rows go with the account's; its detection jobs are keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('subscriptions-detect', userId),
  } satisfies FeatureModule & { service: unknown; published: unknown };
}
