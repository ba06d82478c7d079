/** The nightly reconciliation of the money ledgers: reads and reports, changes nothing. */
import { z } from 'zod';
import { defineJobs, type JobHandlers } from '../../jobs/job-map';
import type { LedgersService } from './ledgers.service';

export const ledgersJobs = defineJobs({
  'ledgers-reconcile': {
    payload: z.object({}),
    // Nightly, before the US morning (03:23 UTC); one run at a time.
    options: {
      retryLimit: 2,
      retryDelaySeconds: 300,
      retryBackoff: false,
      concurrency: 1,
      policy: 'short',
      expireInSeconds: 30 * 60,
      schedule: '23 3 * * *',
    },
  },
});

export function ledgersJobHandlers(ledgers: LedgersService): JobHandlers<typeof ledgersJobs> {
  return {
    'ledgers-reconcile': async () => void (await ledgers.reconcile()),
  };
}
