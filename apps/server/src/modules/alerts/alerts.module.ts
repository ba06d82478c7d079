/**
 * Alerts: a subscription's status changes and failed payments, overdraft protection, and a
 * charge after a confirmed cancellation. The module owns the status events and the overdraft
 * alerts sent; it reads bills, accounts and people through their modules, and sends through the
 * reminders module's channels.
 */
import { centsToDollars } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../events/domain-events';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FeatureModule } from '../feature-module';
import { alertsJobHandlers } from './alerts.jobs';
import { createAlertsRepo } from './alerts.repo';
import { registerAlertRoutes } from './alerts.routes';
import { createAlertsService, type AlertSources, type ReminderChannels } from './alerts.service';

export function createAlertsModule(
  deps: AlertSources & {
    db: Db;
    jobs: JobQueue<AppJobMap>;
    /** The person's reminder channels and day (the reminders module). */
    reminders: ReminderChannels;
    events: DomainEventBus;
    clock?: () => Date;
  },
) {
  const repo = createAlertsRepo(deps.db);
  const service = createAlertsService({ ...deps, repo });
  deps.events.subscribe({
    // A charge after a confirmed cancellation: an alert by the person's reminder channels.
    'charged-after-cancellation': ({ cancellation, charge }, tx) =>
      deps.jobs.send(
        'reminders-charged-after-cancel',
        {
          cancellationId: cancellation.id,
          userId: cancellation.userId,
          merchantName: cancellation.merchantName,
          date: charge.date,
          amount: centsToDollars(charge.amountCents),
          confirmationNumber: cancellation.confirmationNumber,
        },
        { tx, singletonKey: `${cancellation.id}:${charge.date}` },
      ),
  });
  return {
    service,
    /** What reminders read: the day of each bill's latest failed payment. */
    failedPaymentsSince: repo.failedPaymentsSince,
    /** The alerts the hourly reminders scan looks for, in its transaction for a page of people. */
    scanPeople: async (userIds: string[], tx: Db) => {
      await service.queueStatusChanges(userIds, tx);
      await service.queueFailedPayments(userIds, tx);
    },
    routes: (app) => registerAlertRoutes(app, { alerts: service }),
    jobs: alertsJobHandlers(service),
  } satisfies FeatureModule & {
    service: unknown;
    failedPaymentsSince: unknown;
    scanPeople: unknown;
  };
}
