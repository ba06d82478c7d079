/**
 * Notification and reminder jobs (docs/jobs.md, "Kinds and queues": send email, send SMS,
 * send push notification on the "notification" queue; send renewal reminder on "subscription";
 * scan pending events and its batches on "pending events scanner"). Every handler is safe to
 * run twice: a reminder's digest is taken once before it is sent, a day's reminders are keyed by
 * event, offset and channel, and a scan's batches are queued once.
 */
import type { Db } from '../../db/database';
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { RemindersService } from './reminders.service';

export const remindersJobs = defineJobOptions({
  'notification-send-email': {
    retryLimit: 4,
    retryDelaySeconds: 30,
    retryBackoff: true,
    concurrency: 5,
  },
  'notification-send-sms': {
    retryLimit: 4,
    retryDelaySeconds: 30,
    retryBackoff: true,
    concurrency: 5,
  },
  'notification-send-push': {
    retryLimit: 4,
    retryDelaySeconds: 30,
    retryBackoff: true,
    concurrency: 5,
  },
  // One waiting job per person and day: a re-run scan does not queue a second.
  'subscription-send-renewal-reminder': {
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    policy: 'short',
  },
  // Hourly: each person's digest goes out in their first hour outside quiet hours. The scan only
  // queues its batches (one a `batchSize` people), which any worker process takes.
  'pending-events-scan': {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    concurrency: 1,
    policy: 'short',
    expireInSeconds: 30 * 60,
    schedule: '7 * * * *',
  },
  // One waiting job per scan and range (keyed `<scan job>:<range start>`).
  'pending-events-scan-batch': {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    concurrency: 2,
    policy: 'short',
    expireInSeconds: 30 * 60,
  },
});

export function remindersJobHandlers(
  reminders: RemindersService,
  /** Other events of people the hourly scan looks for, a page at a time (the alerts module's). */
  scanAlso?: (userIds: string[], tx: Db) => Promise<void>,
): JobHandlersOf<typeof remindersJobs> {
  return {
    'notification-send-email': (p) =>
      reminders.deliverOnce(p.digestId, () =>
        reminders.email.send({ to: p.to, subject: p.subject, text: p.text }),
      ),
    'notification-send-sms': (p) =>
      reminders.deliverOnce(p.digestId, () => reminders.sms.send({ to: p.to, body: p.body })),
    'notification-send-push': (p) =>
      reminders.deliverOnce(p.digestId, async () => {
        await reminders.push?.(p.userId, {
          title: p.title,
          body: p.body,
          ...(p.url ? { url: p.url } : {}),
          ...(p.badge !== undefined ? { badge: p.badge } : {}),
        });
      }),
    'subscription-send-renewal-reminder': (p) => reminders.sendDayReminders(p.userId, p.localDate),
    'pending-events-scan': async (p, context) => {
      await reminders.scanPendingEvents(p, context.jobId);
    },
    'pending-events-scan-batch': (p) => reminders.scanPendingBatch(p, scanAlso),
  };
}
