/**
 * Detection runs as a job of its own after every bank sync (the sync enqueues it in the same
 * transaction that marks the item synced), keyed by the person so the loading screen can tell
 * when it has caught up.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { SubscriptionsService } from './subscriptions.service';

export const subscriptionsJobs = defineJobOptions({
  // At most one waits per person: syncs of several items finishing together share one run.
  'subscriptions-detect': {
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    policy: 'short',
  },
  /** A cancellation the bank verified: the subscription becomes CANCELLED. */
  'subscriptions-mark-cancelled': { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true },
});

export function subscriptionsJobHandlers(
  subscriptions: SubscriptionsService,
  afterDetection: () => Promise<void> = async () => {},
): JobHandlersOf<typeof subscriptionsJobs> {
  return {
    'subscriptions-detect': async (payload) => {
      await subscriptions.detectForUser(payload.userId);
      await afterDetection();
    },
    'subscriptions-mark-cancelled': (p) =>
      subscriptions.markCancelled(p.userId, p.subscriptionId, p.cancelledOn),
  };
}
