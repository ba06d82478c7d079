/** What the reminders service is given: the database, the job queue, the senders and the other modules' functions. */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { EmailSender } from '../../providers/email/email-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { UsersRepo } from '../users/users.repo';

export type RemindersServiceDeps = {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  email: EmailSender;
  /** Sends one web-push message to every browser the person opted in from; absent: no push. */
  push?: (
    userId: string,
    message: { title: string; body: string; url?: string },
  ) => Promise<number>;
  /** How to reach people and the zone of their days (the users module). */
  people: Pick<UsersRepo, 'contactOf' | 'contactsAfter' | 'idsEvery' | 'timeZoneOf'>;
  /** What reminders tell of the person's bills (the subscriptions module). */
  bills: Pick<PublishedSubscriptions, 'reminderFactsOf'>;
  /** The day of each bill's latest failed payment since a day (the alerts module). */
  failedPaymentsSince: (
    subscriptionIds: string[],
    since: string,
    tx: Db,
  ) => Promise<{ subscriptionId: string; date: string }[]>;
  /**
   * The embedded database (PGlite): one connection, on this thread, that requests share with the
   * scan, so the scan's pages stay small.
   */
  isEmbeddedDatabase?: boolean;
  clock?: () => Date;
  /** Billow's address, for the links a reminder carries (PUBLIC_URL). */
  publicUrl?: string;
};

/** A reminder path's view of the service: its deps and its clock. */
export type RemindersContext = RemindersServiceDeps & { now: () => Date };

/** Someone reminders are sent to, as the users module gives them. */
export type Person = {
  id: string;
  phoneNumber: string;
  email: string | null;
  isEmailVerified: boolean;
  isSubscriptionNotificationsEnabled: boolean;
};
