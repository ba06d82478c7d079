/**
 * Savings jobs: after a person's bills were read again from their bank, the promised savings the
 * bank now shows become verified (and earn their reward). Safe to run twice: a saving is
 * verified once.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { SavingsService } from './savings.service';

export const savingsJobs = defineJobOptions({
  'savings-verify': { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, policy: 'short' },
});

export function savingsJobHandlers(savings: SavingsService): JobHandlersOf<typeof savingsJobs> {
  return {
    'savings-verify': async ({ userId }) => void (await savings.verify(userId)),
  };
}
