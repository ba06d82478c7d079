/**
 * Negotiation jobs (docs/jobs.md, "Kinds and queues": process negotiation request, handle
 * negotiation status, handle negotiation error), plus refreshing a person's offers after their
 * subscriptions changed. Every handler is safe to run twice: the offer's status and the call's
 * row say what was done already.
 */
import { z } from 'zod';
import { jobPayloads } from '@billow/contracts';
import { defineJobs, type JobHandlers } from '../../jobs/job-map';
import type { NegotiationCalls } from './negotiations.calls';
import type { NegotiationsService } from './negotiations.service';

export const negotiationsJobs = defineJobs({
  'negotiations-refresh-offers': {
    payload: z.object({ userId: z.string().uuid() }),
    options: { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, policy: 'short' },
  },
  /** process negotiation request: places one call attempt. */
  'negotiation-process-request': {
    payload: jobPayloads['negotiation-process-request'],
    // A crash mid-call runs the same attempt again; the 30-minute call limit bounds one run.
    options: { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 35 * 60, policy: 'short' },
  },
  /** The watchdog of a call attempt: a call that never reports its end must not hang forever. */
  'negotiation-watch-call': {
    payload: z.object({
      negotiationId: z.string().uuid(),
      attempt: z.number().int().min(1),
    }),
    options: { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true },
  },
  /** handle negotiation status: applies how a call ended. */
  'negotiation-handle-status': {
    payload: jobPayloads['negotiation-handle-status'],
    options: { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true },
  },
  /** handle negotiation error: retries, asks the person again, or gives up. */
  'negotiation-handle-error': {
    payload: jobPayloads['negotiation-handle-error'],
    options: { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true },
  },
});

export function negotiationsJobHandlers(
  service: NegotiationsService,
  calls: NegotiationCalls,
): JobHandlers<typeof negotiationsJobs> {
  return {
    'negotiations-refresh-offers': (payload) => service.refreshOffers(payload.userId),
    'negotiation-process-request': (payload) => calls.process(payload),
    'negotiation-watch-call': (payload) => calls.watch(payload),
    'negotiation-handle-status': (payload) => calls.handleStatus(payload.callId),
    'negotiation-handle-error': (payload) => calls.handleError(payload.callId),
  };
}
