/**
 * The alerts' jobs (docs/jobs.md, "Kinds and queues": handle status change and handle failed
 * payment on the "subscription" queue, check account balance on "balance check"), and the alert
 * of a charge after a cancellation. Every handler is safe to run twice: a status change is kept
 * once, an overdraft alert once per shortfall, a charge's alert once per cancellation and day.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { AlertsService } from './alerts.service';

export const alertsJobs = defineJobOptions({
  // One waiting job per bill and status: a scan that comes before the workers caught up with the
  // last one does not queue the same change again.
  'subscription-handle-status-change': {
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    policy: 'short',
  },
  'subscription-handle-failed-payment': {
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    policy: 'short',
  },
  /** A charge after a confirmed cancellation: alerted at once on every channel. */
  'reminders-charged-after-cancel': { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true },
  // Daily, in the morning across the US (14:00 UTC).
  'balance-check': {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    concurrency: 1,
    policy: 'short',
    expireInSeconds: 30 * 60,
    schedule: '0 14 * * *',
  },
});

export function alertsJobHandlers(alerts: AlertsService): JobHandlersOf<typeof alertsJobs> {
  return {
    'subscription-handle-status-change': (p) => alerts.recordStatusChange(p),
    'subscription-handle-failed-payment': (p) => alerts.handleFailedPayment(p),
    'reminders-charged-after-cancel': (p) => alerts.chargedAfterCancel(p),
    'balance-check': async (p) => {
      await alerts.checkBalances(p);
    },
  };
}
