/**
 * Savings jobs: after a person's bills were read again from their bank, the promised savings the
 * bank now shows become verified (and earn their reward). Safe to run twice: a saving is
 * verified once.
 */
import { z } from 'zod';
import { defineJobs, type JobHandlers } from '../../jobs/job-map';
import type { SavingsService } from './savings.service';

export const savingsJobs = defineJobs({
  'savings-verify': {
    payload: z.object({ userId: z.string().uuid() }),
    options: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, policy: 'short' },
  },
});

export function savingsJobHandlers(savings: SavingsService): JobHandlers<typeof savingsJobs> {
  return {
    'savings-verify': async ({ userId }) => void (await savings.verify(userId)),
  };
}
