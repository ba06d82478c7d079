/** The nightly reconciliation of the money ledgers: reads and reports, changes nothing. */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { LedgersService } from './ledgers.service';

export const ledgersJobs = defineJobOptions({
  // Nightly, before the US morning (03:23 UTC); one run at a time.
  'ledgers-reconcile': {
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryBackoff: false,
    concurrency: 1,
    policy: 'short',
    expireInSeconds: 30 * 60,
    schedule: '23 3 * * *',
  },
});

export function ledgersJobHandlers(ledgers: LedgersService): JobHandlersOf<typeof ledgersJobs> {
  return {
    'ledgers-reconcile': async () => void (await ledgers.reconcile()),
  };
}
