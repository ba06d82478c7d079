/**
 * Negotiation jobs (docs/jobs.md, "Kinds and queues": process negotiation request, handle
 * negotiation status, handle negotiation error), plus refreshing a person's offers after their
 * subscriptions changed. Every handler is safe to run twice: the offer's status and the call's
 * row say what was done already.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { NegotiationCalls } from './negotiations.calls';
import type { NegotiationOutcomes } from './negotiations.outcomes';
import type { NegotiationsService } from './negotiations.service';

export const negotiationsJobs = defineJobOptions({
  'negotiations-refresh-offers': {
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    policy: 'short',
  },
  /** process negotiation request: places one call attempt. */
  // A crash mid-call runs the same attempt again; the 30-minute call limit bounds one run.
  'negotiation-process-request': {
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 35 * 60,
    policy: 'short',
  },
  /** The watchdog of a call attempt: a call that never reports its end must not hang forever. */
  'negotiation-watch-call': { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true },
  /** handle negotiation status: applies how a call ended. */
  'negotiation-handle-status': { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true },
  /** handle negotiation error: retries, asks the person again, or gives up. */
  'negotiation-handle-error': { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true },
});

export function negotiationsJobHandlers(
  service: NegotiationsService,
  calls: NegotiationCalls,
  outcomes: NegotiationOutcomes,
): JobHandlersOf<typeof negotiationsJobs> {
  return {
    'negotiations-refresh-offers': (payload) => service.refreshOffers(payload.userId),
    'negotiation-process-request': (payload) => calls.process(payload),
    'negotiation-watch-call': (payload) => calls.watch(payload),
    'negotiation-handle-status': (payload) => outcomes.handleStatus(payload.callId),
    'negotiation-handle-error': (payload) => outcomes.handleError(payload.callId),
  };
}
