/**
 * Reminders: bills and trials coming up, by text, email and web push, and the channels the
 * alerts module sends its alerts through.
 */
import type { Config } from '../../config';
import type { Database, Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { EmailSender } from '../../providers/email/email-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { PushSender } from '../../providers/push/push-sender';
import type { FieldCipher } from '../../security/encryption';
import { createPushSubscriptions } from './push-subscriptions';
import type { FeatureModule } from '../feature-module';
import { remindersJobHandlers } from './reminders.jobs';
import { registerReminderDevRoutes, registerReminderRoutes } from './reminders.routes';
import { createRemindersService, type RemindersServiceDeps } from './reminders.service';

export function createRemindersModule(deps: {
  db: Db;
  /** Which database: the embedded one's scan takes small pages. */
  database: Pick<Database, 'kind'>;
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
  /**
   * The alerts module's (read when used): the day of each bill's latest failed payment since a
   * day, and the other events of people the hourly scan looks for, a page at a time.
   */
  alerts: () => {
    failedPaymentsSince: RemindersServiceDeps['failedPaymentsSince'];
    scanPeople: (userIds: string[], tx: Db) => Promise<void>;
  };
  clock?: () => Date;
  /** Where the links in reminders lead. */
  config: Pick<Config, 'publicUrl'>;
}) {
  const push = createPushSubscriptions(deps);
  const service = createRemindersService({
    ...deps,
    publicUrl: deps.config.publicUrl,
    isEmbeddedDatabase: deps.database.kind === 'pglite',
    failedPaymentsSince: (...a) => deps.alerts().failedPaymentsSince(...a),
    push: push.sendToPerson,
  });
  return {
    service,
    push,
    routes: (app) => registerReminderRoutes(app, { reminders: service, push }),
    devRoutes: (app) => registerReminderDevRoutes(app, { jobs: deps.jobs }),
    jobs: remindersJobHandlers(service, (...a) => deps.alerts().scanPeople(...a)),
  } satisfies FeatureModule & { service: unknown; push: unknown };
}
