/** Reminders and alerts: bills and trials coming up, by text, email and web push. */
import { centsToDollars } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DomainEventBus } from '../../events/domain-events';
import type { EmailSender } from '../../providers/email/email-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { PushSender } from '../../providers/push/push-sender';
import type { FieldCipher } from '../../security/encryption';
import { createPushSubscriptions } from './push-subscriptions';
import type { FeatureModule } from '../feature-module';
import { createAlertsService, type AlertSources } from './alerts.service';
import { remindersJobHandlers } from './reminders.jobs';
import { registerReminderDevRoutes, registerReminderRoutes } from './reminders.routes';
import { createRemindersService, type RemindersServiceDeps } from './reminders.service';

export function createRemindersModule(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  email: EmailSender;
  pushSender: PushSender;
  vapidPublicKey: string;
  cipher: FieldCipher;
  /** How to reach people and the zone of their days (the users module). */
  people: RemindersServiceDeps['people'];
  /** What reminders tell of the person's bills (the subscriptions module). */
  bills: RemindersServiceDeps['bills'];
  /** What the alerts read of banking, subscriptions and people, through those modules. */
  sources: AlertSources;
  events: DomainEventBus;
  clock?: () => Date;
  publicUrl?: string;
}) {
  const push = createPushSubscriptions(deps);
  const service = createRemindersService({ ...deps, push: push.sendToPerson });
  const alerts = createAlertsService({ ...deps, ...deps.sources, reminders: service });
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
    alerts,
    push,
    routes: (app) => registerReminderRoutes(app, { reminders: service, alerts, push }),
    devRoutes: (app) => registerReminderDevRoutes(app, { jobs: deps.jobs }),
    jobs: remindersJobHandlers(service, alerts),
  } satisfies FeatureModule & { service: unknown; alerts: unknown; push: unknown };
}
