/**
 * A negotiation's calls: placing one through the CallAgent port and following its stages, then
 * applying how it ended (handle negotiation status) or what went wrong (handle negotiation
 * error). The promise is enforced here: a deal that would raise the bill or change the plan is
 * turned down. Each step is safe to run twice (the offer must still be IN_PROGRESS, and a call's
 * outcome is claimed once).
 */
import {
  genderValues,
  merchantById,
  NEGOTIATION_CALL_DEFAULTS,
  requiredUserInfoLabels,
  type CallMessage,
  type NegotiationCallError,
  type NegotiationCallErrorCode,
} from '@billow/contracts';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobPayload } from '../../jobs/job-map';
import type { JobQueue } from '../../jobs/job-system';
import {
  CallAgentError,
  RETRYABLE_CALL_ERRORS,
  type CallAgent,
  type CallEnd,
} from '../../providers/call-agent/call-agent';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { Db } from '../../db/database';
import type { NegotiationCallRow, NegotiationsRepo } from './negotiations.repo';
import type { NegotiationsService } from './negotiations.service';

type StoredError = NegotiationCallError & { field?: string };
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

const ERROR_REASONS: Record<NegotiationCallErrorCode, string> = {
  VAPI_API_ERROR: 'the calling service failed',
  ASSISTANT_CREATION_FAILED: 'the calling assistant could not be set up',
  CALL_INITIATION_FAILED: 'the call could not be started',
  CALL_TIMEOUT: 'the call ran out of time',
  INVALID_USER_INFO: 'the merchant did not accept the information given',
  PROVIDER_UNREACHABLE: 'the merchant could not be reached',
  AUTHENTICATION_FAILED: 'the calling service refused our credentials',
  RATE_LIMIT_EXCEEDED: 'the calling service was too busy',
  INTERNAL_ERROR: 'something went wrong on our side',
  CONFIGURATION_ERROR: 'Billow is not set up to place calls',
};

export function createNegotiationCalls(deps: {
  repo: NegotiationsRepo;
  service: Pick<NegotiationsService, 'answersOf'>;
  agent: CallAgent;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  /**
   * Records what a successful negotiation saved (and whatever else follows from it, such as the
   * reward earned on it), in the transaction that marks it SUCCESSFUL.
   */
  recordSaving: (
    entry: {
      negotiationId: string;
      userId: string;
      subscriptionId: string;
      amountCents: number;
      sourceKey: string;
      occurredAt: Date;
    },
    tx: Db,
  ) => Promise<unknown>;
  applyNegotiatedRate: (subscriptionId: string, share: number, tx: Db) => Promise<void>;
  retryDelaySeconds: number;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  /** Texts the person (when they want subscription texts); a failed text never fails the job. */
  async function tell(userId: string, body: string) {
    const person = await repo.person(userId);
    if (!person?.isSubscriptionNotificationsEnabled) return;
    try {
      await deps.sms.send({ to: person.phoneNumber, body });
    } catch (error) {
      deps.log?.warn({ err: error }, 'A negotiation text could not be sent');
    }
  }

  async function endCall(call: NegotiationCallRow, end: CallEnd) {
    await repo.updateCall(call.id, {
      stage: 'completed',
      record: end.record,
      messages: end.record.messages,
      outcome: end.outcome,
      endedAt: now(),
    });
    await deps.jobs.send(
      'negotiation-handle-status',
      { callId: call.id },
      { singletonKey: call.id },
    );
  }

  async function failCall(call: NegotiationCallRow, error: CallAgentError, tryNumber: number) {
    const maxAttempts = NEGOTIATION_CALL_DEFAULTS.maxAttempts;
    const retryable = RETRYABLE_CALL_ERRORS.has(error.code);
    const delay = deps.retryDelaySeconds * 2 ** (tryNumber - 1);
    const stored: StoredError = {
      code: error.code,
      message: error.message,
      retryable,
      currentAttempt: tryNumber,
      maxAttempts,
      ...(retryable && tryNumber < maxAttempts
        ? { nextRetryAt: new Date(now().getTime() + delay * 1000).toISOString() }
        : {}),
      ...(error.field ? { field: error.field } : {}),
    };
    await repo.updateCall(call.id, { stage: 'failed', error: stored, endedAt: now() });
    await deps.jobs.send(
      'negotiation-handle-error',
      { callId: call.id },
      { singletonKey: call.id },
    );
  }

  return {
    async process(payload: JobPayload<AppJobMap, 'negotiation-process-request'>) {
      const offer = await repo.offer(payload.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(offer.id, payload.attempt);
      if (call.handledAt) return;
      if (call.endedAt) {
        // Ended before a crash kept its follow-up from being queued: queue it again.
        const next = call.error ? 'negotiation-handle-error' : 'negotiation-handle-status';
        await deps.jobs.send(next, { callId: call.id }, { singletonKey: call.id });
        return;
      }
      if (call.stage !== 'queued') await repo.restartCall(call.id);

      const [subscription, person] = await Promise.all([
        repo.subscription(offer.subscriptionId),
        repo.person(offer.userId),
      ]);
      const merchant = merchantById.get(offer.merchantId);
      if (!subscription || !person || !merchant?.negotiation) return;
      const answers = deps.service.answersOf(offer);
      const gender = [answers.gender, person.gender].find((g) =>
        (genderValues as readonly (string | null | undefined)[]).includes(g),
      ) as (typeof genderValues)[number] | undefined;
      const years = (now().getTime() - Date.parse(subscription.firstChargeDate)) / YEAR_MS;

      const messages: CallMessage[] = [];
      try {
        const started = await deps.agent.startCall(
          {
            callId: call.id,
            offerKey: offer.id,
            attempt: payload.attempt,
            merchant: {
              name: merchant.name,
              typicalOutcomes: merchant.negotiation.typicalOutcomes,
              ...(merchant.negotiation.demo ? { demo: merchant.negotiation.demo } : {}),
            },
            userInfo: {
              name: person.legalName ?? answers.name_on_account ?? 'the account holder',
              userPhoneNumber: person.phoneNumber,
              merchantPhoneNumber: merchant.negotiation.phone,
              address: answers.billing_address ?? '',
              gender: gender ?? 'male',
              serviceName: subscription.merchantName,
              serviceDurationYears: Math.max(1, Math.round(years)),
              currentMonthlyRate: subscription.normalizedMonthlyCents / 100,
              requiredUserInfo: answers as Record<string, string>,
            },
            maxDurationSeconds: NEGOTIATION_CALL_DEFAULTS.maxDurationMinutes * 60,
          },
          async (progress) => {
            if (progress.message) messages.push(progress.message);
            await repo.setStage(call.id, progress.stage, progress.message ? messages : undefined);
          },
        );
        if ('ended' in started) await endCall(call, started.ended);
        else await repo.updateCall(call.id, { providerCallId: started.providerCallId });
      } catch (error) {
        const failure =
          error instanceof CallAgentError
            ? error
            : new CallAgentError('INTERNAL_ERROR', 'The call broke off unexpectedly.');
        if (!(error instanceof CallAgentError))
          deps.log?.warn({ err: error }, 'A negotiation call failed');
        await failCall(call, failure, payload.try);
      }
    },

    async handleStatus(callId: string) {
      const call = await repo.call(callId);
      if (!call?.outcome) return;
      const offer = await repo.offer(call.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const merchant = merchantById.get(offer.merchantId)?.name ?? 'The merchant';
      const outcome = call.outcome;

      if (outcome.kind === 'needs_input') {
        const moved = await repo.transition(
          offer.id,
          ['IN_PROGRESS'],
          'USER_INPUT_REQUIRED',
          { requiredUserInfo: { [outcome.field]: outcome.prompt } },
          `${merchant} asked for the ${requiredUserInfoLabels[outcome.field].toLowerCase()}.`,
          async (tx) => void (await repo.claimCall(call.id, tx)),
        );
        if (moved)
          await tell(
            offer.userId,
            `Billow: ${merchant} needs one more thing to lower your bill. Open Billow to add it.`,
          );
        return;
      }
      if (outcome.kind === 'refused') {
        const moved = await repo.transition(
          offer.id,
          ['IN_PROGRESS'],
          'REJECTED',
          { rejectionReason: outcome.reason },
          outcome.reason,
          async (tx) => void (await repo.claimCall(call.id, tx)),
        );
        if (moved)
          await tell(
            offer.userId,
            `Billow: ${merchant} did not lower your bill this time. ${outcome.reason}`,
          );
        return;
      }
      const { result } = outcome;
      const lowers =
        'freeMonths' in result
          ? result.freeMonths > 0
          : result.finalRate < result.originalRate && result.monthlySavings > 0;
      if (!result.successful || outcome.changesPlan || !lowers) {
        const reason = `${merchant} only offered a change that would raise the bill or change the plan, so Billow turned it down.`;
        const moved = await repo.transition(
          offer.id,
          ['IN_PROGRESS'],
          'REJECTED',
          { rejectionReason: reason },
          reason,
          async (tx) => void (await repo.claimCall(call.id, tx)),
        );
        if (moved)
          await tell(
            offer.userId,
            `Billow: ${merchant} did not lower your bill this time. ${reason}`,
          );
        return;
      }
      const at = now();
      const expiry = new Date(at);
      const savedDollars =
        'freeMonths' in result
          ? result.freeMonths * result.originalRate
          : result.monthlySavings * 12;
      expiry.setUTCMonth(expiry.getUTCMonth() + ('freeMonths' in result ? result.freeMonths : 12));
      const savedCents = Math.round(savedDollars * 100);
      const moved = await repo.transition(
        offer.id,
        ['IN_PROGRESS'],
        'SUCCESSFUL',
        {
          successfulSavingsCents: savedCents,
          savingsType: outcome.savingsType,
          negotiatedDealExpiry: expiry.toISOString().slice(0, 10),
          rejectionReason: null,
        },
        call.record?.summary ?? `${merchant} lowered the bill.`,
        async (tx) => {
          await repo.claimCall(call.id, tx);
          await deps.recordSaving(
            {
              negotiationId: offer.id,
              userId: offer.userId,
              subscriptionId: offer.subscriptionId,
              amountCents: savedCents,
              sourceKey: `negotiation:${offer.id}`,
              occurredAt: at,
            },
            tx,
          );
          if ('finalRate' in result) {
            await deps.applyNegotiatedRate(
              offer.subscriptionId,
              result.finalRate / result.originalRate,
              tx,
            );
          }
        },
      );
      if (moved)
        await tell(
          offer.userId,
          `Billow: good news! ${merchant} lowered your bill. You save $${savedDollars.toFixed(2)}.`,
        );
    },

    async handleError(callId: string) {
      const call = await repo.call(callId);
      const error = call?.error as StoredError | null | undefined;
      if (!call || !error) return;
      const offer = await repo.offer(call.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const merchant = merchantById.get(offer.merchantId);
      const name = merchant?.name ?? 'The merchant';
      const claim = async (tx: Db) => void (await repo.claimCall(call.id, tx));

      if (
        error.code === 'INVALID_USER_INFO' &&
        error.field &&
        error.field in requiredUserInfoLabels
      ) {
        const field = error.field as keyof typeof requiredUserInfoLabels;
        const prompt =
          merchant?.negotiation?.requiredUserInfo[field] ?? requiredUserInfoLabels[field];
        const moved = await repo.transition(
          offer.id,
          ['IN_PROGRESS'],
          'USER_INPUT_REQUIRED',
          { requiredUserInfo: { [field]: prompt } },
          `${name} did not accept the ${requiredUserInfoLabels[field].toLowerCase()}.`,
          claim,
        );
        if (moved)
          await tell(
            offer.userId,
            `Billow: ${name} did not accept the ${requiredUserInfoLabels[field].toLowerCase()}. Open Billow to check it.`,
          );
        return;
      }
      if (error.retryable && error.currentAttempt < error.maxAttempts) {
        const delay = deps.retryDelaySeconds * 2 ** (error.currentAttempt - 1);
        const attempt = ((await repo.latestCalls([offer.id]))[0]?.attempt ?? call.attempt) + 1;
        await repo.claimThen(call.id, (tx) =>
          deps.jobs.send(
            'negotiation-process-request',
            { negotiationId: offer.id, attempt, try: error.currentAttempt + 1 },
            { tx, singletonKey: `${offer.id}:${attempt}`, startAfterSeconds: delay },
          ),
        );
        return;
      }
      const reason = error.retryable
        ? `Billow could not finish the call after ${error.maxAttempts} attempts: ${ERROR_REASONS[error.code]}.`
        : `Billow could not finish the call: ${ERROR_REASONS[error.code]}.`;
      const moved = await repo.transition(
        offer.id,
        ['IN_PROGRESS'],
        'REJECTED',
        { rejectionReason: reason },
        reason,
        claim,
      );
      if (moved)
        await tell(offer.userId, `Billow: ${name} did not lower your bill this time. ${reason}`);
    },
  };
}

export type NegotiationCalls = ReturnType<typeof createNegotiationCalls>;
