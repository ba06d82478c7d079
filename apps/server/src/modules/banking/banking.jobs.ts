/**
 * Background jobs of bank linking (spec part 2 "Background job catalogue": sync bank
 * transactions, on the "bank transaction sync" queue): one sync per item at a time, retried with
 * back-off, plus a daily re-sync of every working item.
 */
import { z } from 'zod';
import { defineJobs, type JobHandlers } from '../../jobs/job-map';
import type { BankingService } from './banking.service';

export const bankingJobs = defineJobs({
  'bank-transaction-sync': {
    payload: z.object({
      itemId: z.string().uuid(),
      reason: z.enum(['initial', 'webhook', 'daily', 'repair']),
    }),
    options: {
      retryLimit: 5,
      retryDelaySeconds: 10,
      retryBackoff: true,
      concurrency: 3,
      policy: 'stately',
    },
  },
  'bank-daily-resync': {
    payload: z.object({}),
    options: { retryLimit: 2, schedule: '17 6 * * *' },
  },
});

export function bankingJobHandlers(banking: BankingService): JobHandlers<typeof bankingJobs> {
  return {
    'bank-transaction-sync': (payload) => banking.syncItem(payload.itemId),
    'bank-daily-resync': () => banking.enqueueDailySync(),
  };
}
