/**
 * A negotiation's calls through the shared call runner (calls/call-runner.ts;
 * docs/negotiations.md): placing one attempt and its watchdog. This module keeps its own call
 * rows; how a call ended is applied by the handle negotiation status / error jobs
 * (negotiations.outcomes.ts), queued once when the call's row is ended.
 */
import { merchantById } from '@billow/contracts';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobPayload } from '../../jobs/job-map';
import type { JobQueue } from '../../jobs/job-system';
import { CALL_WATCH_DELAY_SECONDS, type CallAgent } from '../../providers/call-agent/call-agent';
import type { Db } from '../../db/database';
import { createCallRunner, type StoredCallError } from '../../calls/call-runner';
import { callRequestOf } from '../../calls/call-request';
import { redactorFor } from '../../calls/redact-answers';
import type { NegotiationCallRow, NegotiationsRepo } from './negotiations.repo';
import type { NegotiationsService } from './negotiations.service';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** Queues the watchdog of a call attempt (in the transaction that queues the call). */
export async function watchCall(
  tx: Db,
  negotiationId: string,
  attempt: number,
  jobs: JobQueue<AppJobMap>,
  startAfter = 0,
) {
  await jobs.send(
    'negotiation-watch-call',
    { negotiationId, attempt },
    {
      tx,
      singletonKey: `${negotiationId}:${attempt}`,
      startAfterSeconds: startAfter + CALL_WATCH_DELAY_SECONDS,
    },
  );
}

export function createNegotiationCalls(deps: {
  repo: NegotiationsRepo;
  service: Pick<NegotiationsService, 'answersOf'>;
  agent: CallAgent;
  jobs: JobQueue<AppJobMap>;
  retryDelaySeconds: number;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  /** Queues the job that applies how an ended call went (once, however often asked). */
  async function queueFollowUp(call: NegotiationCallRow, isFailed: boolean) {
    const next = isFailed ? 'negotiation-handle-error' : 'negotiation-handle-status';
    await deps.jobs.send(next, { callId: call.id }, { singletonKey: call.id });
  }

  const runner = createCallRunner<NegotiationCallRow>({
    kind: 'negotiation',
    store: repo,
    agent: deps.agent,
    retryDelaySeconds: deps.retryDelaySeconds,
    async redactorOf(call) {
      const offer = await repo.offer(call.negotiationId);
      return redactorFor(offer ? deps.service.answersOf(offer) : {});
    },
    /** One more than a retried failure just before it. */
    async tryOf(call) {
      const previous = await repo.previousCall(call);
      const error = previous?.error as StoredCallError | null | undefined;
      return error?.retryable && previous?.handledAt ? error.currentAttempt + 1 : 1;
    },
    async end(call, ending) {
      if (await repo.finishCall(call.id, ending))
        await queueFollowUp(call, ending.stage === 'failed');
    },
    // Ended before a crash kept its follow-up from being queued: queue it again.
    resumeEnded: (call) => queueFollowUp(call, call.error !== null),
    clock: now,
    ...(deps.log ? { log: deps.log } : {}),
  });

  return {
    async process(payload: JobPayload<AppJobMap, 'negotiation-process-request'>) {
      const offer = await repo.offer(payload.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(offer.id, payload.attempt, now());
      if (!(await runner.resume(call))) return;

      const [subscription, person] = await Promise.all([
        repo.subscription(offer.subscriptionId),
        repo.person(offer.userId),
      ]);
      const merchant = merchantById.get(offer.merchantId);
      if (!subscription || !person || !merchant?.negotiation) return;
      const answers = deps.service.answersOf(offer);
      const years = (now().getTime() - Date.parse(subscription.firstChargeDate)) / YEAR_MS;
      const request = callRequestOf({
        call,
        offerKey: offer.id,
        merchant: {
          name: merchant.name,
          typicalOutcomes: merchant.negotiation.typicalOutcomes,
          ...(merchant.negotiation.demo ? { demo: merchant.negotiation.demo } : {}),
        },
        merchantPhoneNumber: merchant.negotiation.phone,
        person,
        answers,
        serviceName: subscription.merchantName,
        serviceDurationYears: Math.max(1, Math.round(years)),
        bill: subscription,
      });
      await runner.place(call, request, redactorFor(answers), payload.try);
    },

    /** A vendor's webhook: what it says about a call. */
    onCallEvents: runner.applyEvents,

    /** The watchdog of one call attempt (calls/call-runner.ts). */
    async watch(payload: JobPayload<AppJobMap, 'negotiation-watch-call'>) {
      const offer = await repo.offer(payload.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(offer.id, payload.attempt, now());
      await runner.watch(
        call,
        async (startAfterSeconds) =>
          void (await deps.jobs.send('negotiation-watch-call', payload, { startAfterSeconds })),
      );
    },
  };
}

export type NegotiationCalls = ReturnType<typeof createNegotiationCalls>;
