/**
 * A cancellation's calls through the shared call runner (calls/call-runner.ts; docs/cancellations.md):
 * the agent asks to cancel, never takes a retention offer the person did not allow, and asks for
 * a confirmation number. This module keeps its own call rows and decides what a call's end means
 * for the cancellation (`apply`), once: the call's outcome is claimed in the transaction that
 * moves the cancellation. A run that died mid-call is run again by the job's retry.
 */
import { merchantById, cancellationOf, requiredUserInfoField } from '@billow/contracts';
import {
  CallAgentError,
  CALL_WATCH_DELAY_SECONDS,
  type CallAgent,
} from '../../providers/call-agent/call-agent';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobPayload } from '../../jobs/job-map';
import type { JobQueue } from '../../jobs/job-system';
import { createCallRunner, nextTryDelay, type StoredCallError } from '../../calls/call-runner';
import { callRequestOf } from '../../calls/call-request';
import { redactorFor } from '../../calls/redact-answers';
import type { KnownPerson } from '../../calls/known-answers';
import type { CancellationCallRow, CancellationRow, CancellationsRepo } from './cancellations.repo';
import type { Bill, CancellationsService } from './cancellations.service';

export function createCancellationCalls(deps: {
  repo: CancellationsRepo;
  service: Pick<CancellationsService, 'answersOf' | 'confirm' | 'fail' | 'labelOf'>;
  agent: CallAgent;
  jobs: JobQueue<AppJobMap>;
  billOf(userId: string, subscriptionId: string): Promise<Bill | undefined>;
  personOf(userId: string): Promise<KnownPerson & { gender: string | null }>;
  retryDelaySeconds: number;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo, service } = deps;

  /** What to try next when a call could not cancel, from the merchant's other ways. */
  function otherWays(row: CancellationRow) {
    const guide = cancellationOf(row.merchantId ? merchantById.get(row.merchantId) : undefined);
    const letter = guide.channels.includes('letter') || guide.channels.includes('email');
    return letter
      ? 'Cancel it yourself with the steps in the sheet, or send the ready cancellation letter.'
      : 'Cancel it yourself with the steps in the sheet.';
  }

  /** Applies how a call ended, once (the claim), in the transaction that moves the cancellation. */
  async function apply(call: CancellationCallRow) {
    if (call.handledAt) return;
    const row = await repo.get(call.cancellationId);
    const claim = async (tx: Parameters<Parameters<typeof repo.claimThen>[1]>[0]) =>
      void (await repo.claimCall(call.id, tx));
    if (!row || row.status !== 'IN_PROGRESS') {
      await repo.claimThen(call.id, async () => undefined);
      return;
    }
    const name = row.merchantName;
    const error = call.error as StoredCallError | null;
    if (error) {
      if (error.retryable && error.currentAttempt < error.maxAttempts) {
        const delay = nextTryDelay(deps.retryDelaySeconds, error.currentAttempt);
        const attempt = call.attempt + 1;
        await repo.claimThen(call.id, (tx) =>
          deps.jobs.send(
            'cancellation-call',
            { cancellationId: row.id, attempt, try: error.currentAttempt + 1 },
            { tx, singletonKey: `${row.id}:${attempt}`, startAfterSeconds: delay },
          ),
        );
        return;
      }
      const field = requiredUserInfoField.safeParse(error.field);
      if (error.code === 'INVALID_USER_INFO' && field.success) {
        const label = service.labelOf(field.data);
        await service.fail(
          row,
          `${name} did not accept the ${label}.`,
          `Check the ${label} and ask Billow to call again, or cancel it yourself.`,
          claim,
        );
        return;
      }
      await service.fail(
        row,
        error.retryable
          ? `Billow could not get through to ${name} after ${error.maxAttempts} attempts.`
          : `Billow could not place the call: ${error.message}`,
        otherWays(row),
        claim,
      );
      return;
    }
    const outcome = call.outcome;
    if (outcome?.kind === 'cancelled') {
      await service.confirm(
        row,
        outcome.confirmationNumber,
        outcome.confirmationNumber
          ? `${name} confirmed the cancellation (${outcome.confirmationNumber}).`
          : `${name} confirmed the cancellation.`,
        claim,
      );
      return;
    }
    if (outcome?.kind === 'kept_with_offer') {
      await service.fail(
        row,
        `${name} offered ${outcome.offer}; you allowed offers, so the subscription stays.`,
        'To leave anyway, ask Billow again without allowing offers.',
        claim,
      );
      return;
    }
    if (outcome?.kind === 'needs_input') {
      const label = service.labelOf(outcome.field);
      await service.fail(
        row,
        `${name} asked for the ${label}, which Billow did not have.`,
        `Ask Billow to call again with the ${label}, or cancel it yourself.`,
        claim,
      );
      return;
    }
    await service.fail(
      row,
      outcome?.kind === 'refused' ? outcome.reason : `${name} did not cancel the subscription.`,
      otherWays(row),
      claim,
    );
  }

  /** Queues the watchdog of a placed call (once per attempt). */
  async function watchCall(cancellationId: string, attempt: number) {
    await deps.jobs.send(
      'cancellation-watch-call',
      { cancellationId, attempt },
      { singletonKey: `${cancellationId}:${attempt}`, startAfterSeconds: CALL_WATCH_DELAY_SECONDS },
    );
  }

  const runner = createCallRunner<CancellationCallRow>({
    kind: 'cancellation',
    store: repo,
    agent: deps.agent,
    retryDelaySeconds: deps.retryDelaySeconds,
    // News of a call that is not a cancellation's is left alone.
    async redactorOf(call) {
      const row = await repo.get(call.cancellationId);
      return row ? redactorFor(service.answersOf(row)) : undefined;
    },
    // Every retry is a new attempt of the same round.
    tryOf: (call) => call.attempt,
    async end(call, ending) {
      await repo.finishCall(call.id, ending);
      const ended = await repo.call(call.id);
      if (ended) await apply(ended);
    },
    resumeEnded: apply,
    onPlaced: (call) => watchCall(call.cancellationId, call.attempt),
    clock: now,
    ...(deps.log ? { log: deps.log } : {}),
  });

  return {
    /** A vendor's webhook: what it says about calls (those of negotiations are left alone). */
    onCallEvents: runner.applyEvents,

    /** The watchdog of one placed call (calls/call-runner.ts). */
    async watch(payload: JobPayload<AppJobMap, 'cancellation-watch-call'>) {
      const row = await repo.get(payload.cancellationId);
      if (!row || row.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(row.id, payload.attempt, now());
      await runner.watch(
        call,
        async (startAfterSeconds) =>
          void (await deps.jobs.send('cancellation-watch-call', payload, { startAfterSeconds })),
      );
    },

    async process(payload: JobPayload<AppJobMap, 'cancellation-call'>) {
      let row = await repo.get(payload.cancellationId);
      if (!row || (row.status !== 'REQUESTED' && row.status !== 'IN_PROGRESS')) return;
      if (row.status === 'REQUESTED') {
        await repo.transition(
          row.id,
          ['REQUESTED'],
          'IN_PROGRESS',
          {},
          'Billow is calling the merchant.',
        );
        row = (await repo.get(row.id))!;
      }
      const call = await repo.callFor(row.id, payload.attempt, now());
      if (!(await runner.resume(call))) return;

      const [bill, person] = await Promise.all([
        deps.billOf(row.userId, row.subscriptionId),
        deps.personOf(row.userId),
      ]);
      const guide = cancellationOf(row.merchantId ? merchantById.get(row.merchantId) : undefined);
      if (!bill || !guide.phone) {
        await runner.fail(
          call,
          new CallAgentError(
            'CONFIGURATION_ERROR',
            'Billow has no line to call for this merchant.',
          ),
          payload.try,
        );
        return;
      }
      const answers = service.answersOf(row);
      const request = callRequestOf({
        call,
        offerKey: row.id,
        merchant: { name: row.merchantName, typicalOutcomes: [] },
        merchantPhoneNumber: guide.phone,
        person,
        answers,
        serviceName: row.merchantName,
        serviceDurationYears: 1,
        bill,
        purpose: { kind: 'cancellation', allowRetentionOffer: row.allowRetentionOffer },
      });
      await runner.place(call, request, redactorFor(answers), payload.try);
    },
  };
}

export type CancellationCalls = ReturnType<typeof createCancellationCalls>;
