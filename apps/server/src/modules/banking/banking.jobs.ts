/**
 * Background jobs of bank linking (docs/jobs.md, "Kinds and queues": sync bank
 * transactions, on the "bank transaction sync" queue): one sync per item at a time, retried with
 * back-off, plus a daily re-sync of every working item.
 *
 * "One at a time" is the item's sync lease (banking.sync.ts), not a queue policy: pg-boss's
 * 'stately' policy keeps one active job per key with a unique index, and a job left active by a
 * process that died made every fetch of the queue fail on that index, stopping every person's
 * sync until the job expired. The 'short' policy only keeps one waiting job per item (a burst of
 * webhooks makes one sync), and can never refuse a fetch.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { BankingService } from './banking.service';

export const bankingJobs = defineJobOptions({
  'bank-transaction-sync': {
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    concurrency: 3,
    policy: 'short',
    // A sync reads a few pages and writes one transaction; one running this long has died.
    expireInSeconds: 5 * 60,
  },
  'bank-daily-resync': { retryLimit: 2, schedule: '17 6 * * *' },
});

export function bankingJobHandlers(banking: BankingService): JobHandlersOf<typeof bankingJobs> {
  return {
    'bank-transaction-sync': (payload, job) =>
      banking.syncItem(payload.itemId, payload.reason, job),
    'bank-daily-resync': () => banking.enqueueDailySync(),
  };
}
