/**
 * The alerts' jobs (docs/jobs.md, "Kinds and queues": handle status change and handle failed
 * payment on the "subscription" queue, check account balance on "balance check"), and the alert
 * of a charge after a cancellation. Every handler is safe to run twice: a status change is kept
 * once, an overdraft alert once per shortfall, a charge's alert once per cancellation and day.
 */
import { z } from 'zod';
import { jobPayloads } from '@billow/contracts';
import { defineJobs, type JobHandlers } from '../../jobs/job-map';
import type { AlertsService } from './alerts.service';

export const alertsJobs = defineJobs({
  'subscription-handle-status-change': {
    payload: jobPayloads['subscription-handle-status-change'],
    options: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true },
  },
  'subscription-handle-failed-payment': {
    payload: jobPayloads['subscription-handle-failed-payment'],
    options: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, policy: 'short' },
  },
  /** A charge after a confirmed cancellation (issue 39): alerted at once on every channel. */
  'reminders-charged-after-cancel': {
    payload: z.object({
      cancellationId: z.string().uuid().optional(),
      userId: z.string().uuid(),
      merchantName: z.string(),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      amount: z.number().positive(),
      confirmationNumber: z.string().nullable(),
    }),
    options: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true },
  },
  'balance-check': {
    payload: jobPayloads['balance-check'],
    // Daily, in the morning across the US (14:00 UTC).
    options: {
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: false,
      concurrency: 1,
      policy: 'short',
      expireInSeconds: 30 * 60,
      schedule: '0 14 * * *',
    },
  },
});

export function alertsJobHandlers(alerts: AlertsService): JobHandlers<typeof alertsJobs> {
  return {
    'subscription-handle-status-change': (p) => alerts.recordStatusChange(p),
    'subscription-handle-failed-payment': (p) => alerts.handleFailedPayment(p),
    'reminders-charged-after-cancel': (p) => alerts.chargedAfterCancel(p),
    'balance-check': async (p) => {
      await alerts.checkBalances(p);
    },
  };
}
