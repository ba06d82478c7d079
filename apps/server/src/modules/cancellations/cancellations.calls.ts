/**
 * A cancellation's calls through the CallAgent port (docs/cancellations.md): the agent asks to
 * cancel, never takes a retention offer the person did not allow, and asks for a confirmation
 * number. Everything that comes back is redacted with the person's answers before it is kept
 * (calls/redact-answers.ts), as for negotiations. Each step is safe to run twice: the call's row
 * says how far it got, and its outcome is claimed once. A run that died mid-call is run again by
 * the job's retry; a placed call is never placed twice beside itself.
 */
import {
  callStage,
  centsToDollars,
  genderValues,
  merchantById,
  monthlyEquivalent,
  NEGOTIATION_CALL_DEFAULTS,
  roundToCents,
  cancellationOf,
  requiredUserInfoField,
  type Cadence,
  type CallMessage,
  type NegotiationCallError,
} from '@billow/contracts';
import {
  CALL_LIMIT_MS,
  CALL_WATCH_DELAY_SECONDS,
  CallAgentError,
  RETRYABLE_CALL_ERRORS,
  type CallAgent,
  type CallEnd,
  type CallEvent,
} from '../../providers/call-agent/call-agent';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobPayload } from '../../jobs/job-map';
import type { JobQueue } from '../../jobs/job-system';
import { redactDeep, redactorFor } from '../../calls/redact-answers';
import type { KnownPerson } from '../../calls/known-answers';
import type { CancellationCallRow, CancellationRow, CancellationsRepo } from './cancellations.repo';
import type { Bill, CancellationsService } from './cancellations.service';

type StoredError = NegotiationCallError & { field?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const error = call.error as StoredError | null;
    if (error) {
      if (error.retryable && error.currentAttempt < error.maxAttempts) {
        const delay = deps.retryDelaySeconds * 2 ** (error.currentAttempt - 1);
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

  async function end(call: CancellationCallRow, values: Partial<CancellationCallRow>) {
    await repo.finishCall(call.id, { ...values, endedAt: now() });
    const ended = await repo.call(call.id);
    if (ended) await apply(ended);
  }

  /** Ends a call that failed: retried by `apply` when the error is worth another attempt. */
  function endFailed(call: CancellationCallRow, failure: CallAgentError, tryNumber: number) {
    return end(call, {
      stage: 'failed',
      error: {
        code: failure.code,
        message: failure.message,
        retryable: RETRYABLE_CALL_ERRORS.has(failure.code),
        currentAttempt: tryNumber,
        maxAttempts: NEGOTIATION_CALL_DEFAULTS.maxAttempts,
        ...(failure.field ? { field: failure.field } : {}),
      } satisfies StoredError,
    });
  }

  /** Which try of its round a call is: every retry is a new attempt of the same round. */
  const tryOf = (call: CancellationCallRow) => call.attempt;

  /** Queues the watchdog of a placed call (once per attempt). */
  async function watchCall(cancellationId: string, attempt: number) {
    await deps.jobs.send(
      'cancellation-watch-call',
      { cancellationId, attempt },
      { singletonKey: `${cancellationId}:${attempt}`, startAfterSeconds: CALL_WATCH_DELAY_SECONDS },
    );
  }

  /**
   * Applies what a vendor reported about a call (its webhook, or asked by the watchdog); late or
   * repeated news is ignored, and news of a call that is not a cancellation's is left alone.
   */
  async function applyEvents(events: CallEvent[]) {
    for (const reported of events) {
      const call =
        (await repo.callByProvider(reported.providerCallId)) ??
        (reported.callId && UUID.test(reported.callId)
          ? await repo.call(reported.callId)
          : undefined);
      if (!call || call.endedAt) continue;
      if (call.providerCallId && call.providerCallId !== reported.providerCallId) continue;
      const row = await repo.get(call.cancellationId);
      if (!row) continue;
      const event = redactDeep(reported, redactorFor(service.answersOf(row)));
      if (!call.providerCallId)
        await repo.updateCall(call.id, { providerCallId: event.providerCallId });
      if (event.kind === 'progress') {
        const order = callStage.options;
        if (order.indexOf(event.stage) > order.indexOf(call.stage))
          await repo.setStage(call.id, event.stage, event.messages);
        else if (event.messages) await repo.setStage(call.id, call.stage, event.messages);
      } else if (event.kind === 'ended') {
        await end(call, {
          stage: 'completed',
          record: event.end.record,
          messages: event.end.record.messages,
          outcome: event.end.outcome,
        });
      } else {
        await endFailed(call, event.error, tryOf(call));
      }
    }
  }

  return {
    /** A vendor's webhook: what it says about calls (those of negotiations are left alone). */
    onCallEvents: applyEvents,

    /**
     * The watchdog of one placed call, due after the call's time limit: a call whose last report
     * never came must not hold its cancellation IN_PROGRESS forever. It asks the vendor how the
     * call stands; a call silent past its limit fails with CALL_TIMEOUT (retried like any other).
     */
    async watch(payload: JobPayload<AppJobMap, 'cancellation-watch-call'>) {
      const row = await repo.get(payload.cancellationId);
      if (!row || row.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(row.id, payload.attempt, now());
      if (call.handledAt) return;
      if (call.endedAt) return apply(call);
      // The vendor ends its calls at their limit: while it says the call is live, wait (twice
      // the limit at most) rather than fail it and place another beside it.
      let isLiveAtVendor = false;
      if (call.providerCallId && deps.agent.checkCall) {
        try {
          const events = await deps.agent.checkCall(call.providerCallId);
          await applyEvents(events);
          isLiveAtVendor = events.some((event) => event.kind === 'progress');
        } catch (error) {
          deps.log?.warn({ err: error }, 'A cancellation call could not be checked');
        }
        if ((await repo.call(call.id))?.endedAt) return;
      }
      const limit = isLiveAtVendor ? 2 * CALL_LIMIT_MS : CALL_LIMIT_MS;
      const silentFor = now().getTime() - call.startedAt.getTime();
      if (silentFor < limit) {
        // The running watch holds its key: the next look is queued without one.
        await deps.jobs.send('cancellation-watch-call', payload, {
          startAfterSeconds: Math.ceil((limit - silentFor) / 1000) + 5 * 60,
        });
        return;
      }
      await endFailed(
        call,
        new CallAgentError('CALL_TIMEOUT', 'The call never reported how it ended.'),
        tryOf(call),
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
      if (call.handledAt) return;
      // Ended before a crash kept its outcome from being applied: apply it now.
      if (call.endedAt) return apply(call);
      // Placed by an earlier run: the vendor's reports (or the watchdog) finish it.
      if (call.providerCallId) {
        await watchCall(row.id, payload.attempt);
        return;
      }
      if (call.stage !== 'queued') {
        // An earlier run died while placing or running this call: until the call is connected
        // again, the sheet says it is being picked up rather than showing a stage nobody runs.
        await repo.updateCall(call.id, { reconnectingAt: now() });
        // A vendor call it placed may be live still: never place a second one beside it.
        const placed = await deps.agent.findCall?.(call.id, call.startedAt);
        if (placed) {
          await repo.updateCall(call.id, { providerCallId: placed });
          await watchCall(row.id, payload.attempt);
          return;
        }
        await repo.restartCall(call.id, now());
      }

      const [bill, person] = await Promise.all([
        deps.billOf(row.userId, row.subscriptionId),
        deps.personOf(row.userId),
      ]);
      const guide = cancellationOf(row.merchantId ? merchantById.get(row.merchantId) : undefined);
      if (!bill || !guide.phone) {
        await end(call, {
          stage: 'failed',
          error: {
            code: 'CONFIGURATION_ERROR',
            message: 'Billow has no line to call for this merchant.',
            retryable: false,
            currentAttempt: payload.try,
            maxAttempts: NEGOTIATION_CALL_DEFAULTS.maxAttempts,
          },
        });
        return;
      }
      const answers = service.answersOf(row);
      const redact = redactorFor(answers);
      const gender = [answers.gender, person.gender].find((g) =>
        (genderValues as readonly (string | null | undefined)[]).includes(g),
      ) as (typeof genderValues)[number] | undefined;
      const messages: CallMessage[] = [];
      try {
        const started = await deps.agent.startCall(
          {
            callId: call.id,
            offerKey: row.id,
            attempt: payload.attempt,
            merchant: { name: row.merchantName, typicalOutcomes: [] },
            userInfo: {
              name: person.legalName ?? answers.name_on_account ?? 'the account holder',
              userPhoneNumber: person.phoneNumber,
              merchantPhoneNumber: guide.phone,
              address: answers.billing_address ?? '',
              gender: gender ?? 'male',
              serviceName: row.merchantName,
              serviceDurationYears: 1,
              currentMonthlyRate: roundToCents(
                monthlyEquivalent(centsToDollars(bill.amountCents), bill.cadence as Cadence),
              ),
              requiredUserInfo: answers as Record<string, string>,
            },
            maxDurationSeconds: NEGOTIATION_CALL_DEFAULTS.maxDurationMinutes * 60,
            bill: { amount: centsToDollars(bill.amountCents), cadence: bill.cadence as Cadence },
            purpose: { kind: 'cancellation', allowRetentionOffer: row.allowRetentionOffer },
          },
          async (progress) => {
            if (progress.message) messages.push(redactDeep(progress.message, redact));
            await repo.setStage(call.id, progress.stage, progress.message ? messages : undefined);
          },
        );
        if ('ended' in started) {
          const ended: CallEnd = redactDeep(started.ended, redact);
          await end(call, {
            stage: 'completed',
            record: ended.record,
            messages: ended.record.messages,
            outcome: ended.outcome,
          });
        } else {
          await repo.updateCall(call.id, { providerCallId: started.providerCallId });
          await watchCall(row.id, payload.attempt);
        }
      } catch (error) {
        const failure =
          error instanceof CallAgentError
            ? error
            : new CallAgentError('INTERNAL_ERROR', 'The call broke off unexpectedly.');
        if (!(error instanceof CallAgentError))
          deps.log?.warn({ err: error }, 'A cancellation call failed');
        await end(call, {
          stage: 'failed',
          error: {
            code: failure.code,
            message: redact(failure.message),
            retryable: RETRYABLE_CALL_ERRORS.has(failure.code),
            currentAttempt: payload.try,
            maxAttempts: NEGOTIATION_CALL_DEFAULTS.maxAttempts,
            ...(failure.field ? { field: failure.field } : {}),
          } satisfies StoredError,
        });
      }
    },
  };
}

export type CancellationCalls = ReturnType<typeof createCancellationCalls>;
