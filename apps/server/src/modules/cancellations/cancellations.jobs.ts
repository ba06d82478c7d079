/**
 * Cancellation jobs: one call attempt (a crash mid-call runs the same attempt again), and
 * watching the bank after a confirmation (on the day the watch ends, and after every sync).
 * Every handler is safe to run twice: the cancellation's status and the call's row say what was
 * done already.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { CancellationCalls } from './cancellations.calls';
import type { CancellationsService } from './cancellations.service';

export const cancellationsJobs = defineJobOptions({
  // A crash mid-call runs the same attempt again; the 30-minute call limit bounds one run.
  'cancellation-call': {
    retryLimit: 2,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 35 * 60,
  },
  /** A placed call's watchdog: a call whose last report never came must not hang. */
  'cancellation-watch-call': { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true },
  'cancellation-verify': { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true },
  'cancellations-verify-person': {
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    policy: 'short',
  },
});

export function cancellationsJobHandlers(
  service: CancellationsService,
  calls: CancellationCalls,
): JobHandlersOf<typeof cancellationsJobs> {
  return {
    'cancellation-call': (payload) => calls.process(payload),
    'cancellation-watch-call': (payload) => calls.watch(payload),
    'cancellation-verify': (payload) => service.verify(payload.cancellationId),
    'cancellations-verify-person': (payload) => service.verifyPerson(payload.userId),
  };
}
