/**
 * Alerts beside the reminders: subscription status changes and failed payments
 * (status-changes.ts), overdraft protection (overdraft.ts) and a charge after a confirmed
 * cancellation (charged-after-cancel.ts). Each is keyed so a job run twice records and sends
 * once; each is sent through the person's reminder channels (the reminders module's `alertOnce`).
 */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { PublishedBanking } from '../banking/banking.published';
import type { RemindersService } from '../reminders/reminders.service';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { SubscriptionsRepo } from '../subscriptions/subscriptions.repo';
import type { UserRow } from '../users/users.repo';
import type { AlertsRepo } from './alerts.repo';
import { alertChargedAfterCancel } from './charged-after-cancel';
import { createOverdraftAlerts } from './overdraft';
import { createStatusChanges } from './status-changes';

export type AlertsService = ReturnType<typeof createAlertsService>;

/** What alerts read of other modules' rows, each through the module that owns them. */
export type AlertSources = {
  bills: Pick<PublishedSubscriptions, 'statusFactsOf' | 'dueBetween' | 'byId'> &
    Pick<SubscriptionsRepo, 'chargesSince' | 'lastChargeBetween'> & {
      /** One of the person's subscriptions, or undefined when it is not theirs. */
      billOf: (userId: string, subscriptionId: string) => Promise<{ id: string } | undefined>;
    };
  banking: Pick<
    PublishedBanking,
    'transactionsSince' | 'transactionDateOf' | 'activeAccountsOf' | 'inflowsOf'
  >;
  people: {
    personOf: (userId: string) => Promise<UserRow | undefined>;
    /** The next people (by id, after `cursor`) with overdraft protection on, and their zone. */
    overdraftProtectedAfter: (
      cursor: string | undefined,
      limit: number,
    ) => Promise<{ id: string; timeZone: string }[]>;
  };
};

/** How alerts reach a person: through the reminders module's channels, in the person's day. */
export type ReminderChannels = Pick<RemindersService, 'alertOnce' | 'preferencesOf' | 'localTime'>;

export function createAlertsService(
  deps: AlertSources & {
    db: Db;
    repo: AlertsRepo;
    jobs: JobQueue<AppJobMap>;
    reminders: ReminderChannels;
    clock?: () => Date;
  },
) {
  const now = deps.clock ?? (() => new Date());
  const todayUtc = () => now().toISOString().slice(0, 10);
  return {
    ...createStatusChanges({ ...deps, todayUtc }),
    ...createOverdraftAlerts(deps),
    chargedAfterCancel: (charge: Parameters<typeof alertChargedAfterCancel>[1]) =>
      alertChargedAfterCancel(deps, charge),
  };
}
