/**
 * Rewards jobs (docs/jobs.md, "Kinds and queues": calculate rewards), plus taking a reward
 * back when the payment it was earned on is returned. The features that earn rewards (annual-plan
 * payments, successful negotiations) send these; both are safe to run twice, because the ledger
 * holds one entry per source event and kind.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { RewardsService } from './rewards.service';

export const rewardsJobs = defineJobOptions({
  /** calculate rewards: earns the configured share of one source event, once. */
  'rewards-calculate': { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true },
  /**
   * A returned payment (e.g. an ACH debit) takes back the reward earned on it. It carries what
   * the reward was earned on, so a return handled before its calculate job still balances.
   */
  'rewards-reverse': { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true },
  /**
   * Looks again at the bills claims went toward (after the bills or the setting changed): a claim
   * whose bill changed before it was charged goes back to the balance. (Claiming itself is the
   * person's, or their browser's with auto-apply on: the reward they chose lives there.)
   */
  'rewards-auto-apply': { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true },
});

export function rewardsJobHandlers(rewards: RewardsService): JobHandlersOf<typeof rewardsJobs> {
  return {
    'rewards-calculate': async (payload) => void (await rewards.earn(payload)),
    'rewards-reverse': async (payload) => void (await rewards.reverse(payload)),
    'rewards-auto-apply': async ({ userId }) => rewards.recheck(userId),
  };
}
