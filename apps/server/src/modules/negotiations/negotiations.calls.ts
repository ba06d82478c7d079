/**
 * A negotiation's calls: placing one through the CallAgent port and following its stages, then
 * applying how it ended (handle negotiation status) or what went wrong (handle negotiation
 * error). The promise is enforced here: a deal that would raise the bill or change the plan is
 * turned down. Each step is safe to run twice (the offer must still be IN_PROGRESS, and a call's
 * outcome is claimed once).
 */
import {
  centsToDollars,
  genderValues,
  merchantById,
  monthlyEquivalent,
  NEGOTIATION_CALL_DEFAULTS,
  negotiatedPriceText,
  requiredUserInfoLabels,
  roundToCents,
  type Cadence,
  type CallMessage,
  type CallStage,
  type NegotiationCallError,
  type NegotiationCallErrorCode,
} from '@billow/contracts';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobPayload } from '../../jobs/job-map';
import type { JobQueue } from '../../jobs/job-system';
import {
  CALL_LIMIT_MS,
  CALL_WATCH_DELAY_SECONDS,
  CallAgentError,
  RETRYABLE_CALL_ERRORS,
  type CallAgent,
  type CallEnd,
  type CallEvent,
} from '../../providers/call-agent/call-agent';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { Db } from '../../db/database';
import type { NegotiationCallRow, NegotiationsRepo } from './negotiations.repo';
import type { NegotiationsService } from './negotiations.service';
import { boundDeal } from './deal-bounds';
import type { SavingProof } from '../savings/savings.tables';
import { redactDeep, redactorFor, type Redact } from '../../calls/redact-answers';

type StoredError = NegotiationCallError & { field?: string };
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STAGE_ORDER: CallStage[] = [
  'queued',
  'initializing',
  'dialing',
  'connected',
  'authenticating',
  'negotiating',
  'finalizing',
];

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

/** Grace after a bill's date for its charge to post, before free months count as shown. */
const POSTING_GRACE_DAYS = 5;

/**
 * What the bank must show for a deal to count: a charge at or below the new price after the
 * bill's last charge, or, for free months, no full-price charge up to its next date and a grace.
 */
function proofOf(
  bill: { amountCents: number; lastChargeDate: string; renewalDate: string | null },
  afterCents: number | null,
  at: Date,
): SavingProof {
  if (afterCents !== null)
    return { kind: 'charge_at_or_below', cents: afterCents, after: bill.lastChargeDate };
  const next = new Date(`${bill.renewalDate ?? at.toISOString().slice(0, 10)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + POSTING_GRACE_DAYS);
  return {
    kind: 'no_full_charge',
    fullPriceCents: bill.amountCents,
    after: bill.lastChargeDate,
    until: next.toISOString().slice(0, 10),
  };
}

export function createNegotiationCalls(deps: {
  repo: NegotiationsRepo;
  service: Pick<NegotiationsService, 'answersOf'>;
  agent: CallAgent;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  /**
   * Records what a successful negotiation promises to save, in the transaction that marks it
   * SUCCESSFUL: it counts (and earns its reward) once the bank shows `proof` (docs/savings.md).
   */
  recordSaving: (
    entry: {
      negotiationId: string;
      userId: string;
      subscriptionId: string;
      amountCents: number;
      sourceKey: string;
      occurredAt: Date;
      proof: SavingProof;
    },
    tx: Db,
  ) => Promise<unknown>;
  /** Sets the bill's new price per charge, in its own cadence (docs/figures.md). */
  applyNegotiatedPrice: (subscriptionId: string, amountCents: number, tx: Db) => Promise<void>;
  retryDelaySeconds: number;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  /** Texts the person (when they want subscription texts); a failed text never fails the job. */
  async function sendSms(userId: string, body: string) {
    const person = await repo.person(userId);
    if (!person?.isSubscriptionNotificationsEnabled) return;
    try {
      await deps.sms.send({ to: person.phoneNumber, body });
    } catch (error) {
      deps.log?.warn({ err: error }, 'A negotiation text could not be sent');
    }
  }

  /**
   * What comes back from a call can repeat the person's answers (the agent reads them to the
   * merchant): every report is redacted with its negotiation's answers before it is kept.
   */
  async function redactorOf(call: NegotiationCallRow): Promise<Redact> {
    const offer = await repo.offer(call.negotiationId);
    return redactorFor(offer ? deps.service.answersOf(offer) : {});
  }
  function redactEvent(event: CallEvent, redact: Redact): CallEvent {
    if (event.kind === 'progress')
      return event.messages ? { ...event, messages: redactDeep(event.messages, redact) } : event;
    if (event.kind === 'ended') return { ...event, end: redactDeep(event.end, redact) };
    const { error } = event;
    return {
      ...event,
      error: new CallAgentError(error.code, redact(error.message), error.field),
    };
  }

  /** Ends a call with its record and queues applying its outcome (once, however often told). */
  async function endCall(call: NegotiationCallRow, unredacted: CallEnd) {
    const end = redactDeep(unredacted, await redactorOf(call));
    const ended = await repo.finishCall(call.id, {
      stage: 'completed',
      record: end.record,
      messages: end.record.messages,
      outcome: end.outcome,
      endedAt: now(),
    });
    if (!ended) return;
    await deps.jobs.send(
      'negotiation-handle-status',
      { callId: call.id },
      { singletonKey: call.id },
    );
  }

  /** Which try of its round a call is: one more than a retried failure just before it. */
  async function tryOf(call: NegotiationCallRow): Promise<number> {
    const previous = await repo.previousCall(call);
    const error = previous?.error as StoredError | null | undefined;
    return error?.retryable && previous?.handledAt ? error.currentAttempt + 1 : 1;
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
    const ended = await repo.finishCall(call.id, {
      stage: 'failed',
      error: stored,
      endedAt: now(),
    });
    if (!ended) return;
    await deps.jobs.send(
      'negotiation-handle-error',
      { callId: call.id },
      { singletonKey: call.id },
    );
  }

  /** Applies what a vendor reported about a call (webhook or check); late or repeated news is ignored. */
  async function applyEvents(events: CallEvent[]) {
    for (const reported of events) {
      const call =
        (await repo.callByProvider(reported.providerCallId)) ??
        (reported.callId && UUID.test(reported.callId)
          ? await repo.call(reported.callId)
          : undefined);
      if (!call || call.endedAt) continue;
      const event = redactEvent(reported, await redactorOf(call));
      if (call.providerCallId && call.providerCallId !== event.providerCallId) continue;
      if (!call.providerCallId)
        await repo.updateCall(call.id, { providerCallId: event.providerCallId });
      if (event.kind === 'progress') {
        if (STAGE_ORDER.indexOf(event.stage) > STAGE_ORDER.indexOf(call.stage))
          await repo.setStage(call.id, event.stage, event.messages);
        else if (event.messages) await repo.setStage(call.id, call.stage, event.messages);
      } else if (event.kind === 'ended') {
        await endCall(call, event.end);
      } else {
        await failCall(call, event.error, await tryOf(call));
      }
    }
  }

  return {
    async process(payload: JobPayload<AppJobMap, 'negotiation-process-request'>) {
      const offer = await repo.offer(payload.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(offer.id, payload.attempt, now());
      if (call.handledAt) return;
      if (call.endedAt) {
        // Ended before a crash kept its follow-up from being queued: queue it again.
        const next = call.error ? 'negotiation-handle-error' : 'negotiation-handle-status';
        await deps.jobs.send(next, { callId: call.id }, { singletonKey: call.id });
        return;
      }
      // Placed by an earlier run: its vendor's reports (or the watchdog) finish it.
      if (call.providerCallId) return;
      if (call.stage !== 'queued') {
        // An earlier run died while placing or running this call: until the call is connected
        // again, the screen says it is being picked up rather than showing a stage nobody runs.
        await repo.updateCall(call.id, { reconnectingAt: now() });
        // A vendor call it placed may be live still: never place a second one beside it.
        const placed = await deps.agent.findCall?.(call.id, call.startedAt);
        if (placed) {
          await applyEvents([
            { callId: call.id, providerCallId: placed, kind: 'progress', stage: 'initializing' },
          ]);
          return;
        }
        await repo.restartCall(call.id, now());
      }

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
      const redact = redactorFor(answers);
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
              // The bill's current price as a month's worth: the price the person sees, not
              // a metered bill's average, so the deal lowers the price every screen shows.
              currentMonthlyRate: roundToCents(
                monthlyEquivalent(
                  centsToDollars(subscription.amountCents),
                  subscription.cadence as Cadence,
                ),
              ),
              requiredUserInfo: answers as Record<string, string>,
            },
            maxDurationSeconds: NEGOTIATION_CALL_DEFAULTS.maxDurationMinutes * 60,
            bill: {
              amount: centsToDollars(subscription.amountCents),
              cadence: subscription.cadence as Cadence,
            },
          },
          async (progress) => {
            if (progress.message) messages.push(redactDeep(progress.message, redact));
            await repo.setStage(call.id, progress.stage, progress.message ? messages : undefined);
          },
        );
        if ('ended' in started) await endCall(call, started.ended);
        else
          await applyEvents([
            {
              callId: call.id,
              providerCallId: started.providerCallId,
              kind: 'progress',
              stage: 'initializing',
            },
          ]);
      } catch (error) {
        const failure =
          error instanceof CallAgentError
            ? error
            : new CallAgentError('INTERNAL_ERROR', 'The call broke off unexpectedly.');
        if (!(error instanceof CallAgentError))
          deps.log?.warn({ err: error }, 'A negotiation call failed');
        await failCall(
          call,
          new CallAgentError(failure.code, redact(failure.message), failure.field),
          payload.try,
        );
      }
    },

    /** A vendor's webhook: what it says about a call. */
    onCallEvents: applyEvents,

    /**
     * The watchdog of one call attempt, due after the call's time limit: a call whose server died
     * mid-call, whose job was lost or whose last webhook never came must not hold its
     * negotiation IN_PROGRESS forever. It asks the vendor how the call stands; a call silent past
     * its limit fails with CALL_TIMEOUT (retried like any other, then REJECTED).
     */
    async watch(payload: JobPayload<AppJobMap, 'negotiation-watch-call'>) {
      const offer = await repo.offer(payload.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const call = await repo.callFor(offer.id, payload.attempt, now());
      if (call.handledAt) return;
      if (call.endedAt) {
        const next = call.error ? 'negotiation-handle-error' : 'negotiation-handle-status';
        await deps.jobs.send(next, { callId: call.id }, { singletonKey: call.id });
        return;
      }
      // The vendor ends its calls at their limit: while it says the call is live, wait (twice
      // the limit at most) rather than fail it and place another beside it.
      let isLiveAtVendor = false;
      if (call.providerCallId && deps.agent.checkCall) {
        try {
          const events = await deps.agent.checkCall(call.providerCallId);
          await applyEvents(events);
          isLiveAtVendor = events.some((event) => event.kind === 'progress');
        } catch (error) {
          deps.log?.warn({ err: error }, 'A negotiation call could not be checked');
        }
        if ((await repo.call(call.id))?.endedAt) return;
      }
      const limit = isLiveAtVendor ? 2 * CALL_LIMIT_MS : CALL_LIMIT_MS;
      const silentFor = now().getTime() - call.startedAt.getTime();
      if (silentFor < limit) {
        await deps.jobs.send('negotiation-watch-call', payload, {
          startAfterSeconds: Math.ceil((limit - silentFor) / 1000) + 5 * 60,
        });
        return;
      }
      await failCall(
        call,
        new CallAgentError('CALL_TIMEOUT', 'The call never reported how it ended.'),
        await tryOf(call),
      );
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
          await sendSms(
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
          await sendSms(
            offer.userId,
            `Billow: ${merchant} did not lower your bill this time. ${outcome.reason}`,
          );
        return;
      }
      if (outcome.kind !== 'deal') {
        // A cancellation's outcome never belongs to a negotiation call: nothing to apply.
        deps.log?.warn({ callId: call.id, kind: outcome.kind }, 'A negotiation call ended oddly');
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
          await sendSms(
            offer.userId,
            `Billow: ${merchant} did not lower your bill this time. ${reason}`,
          );
        return;
      }
      // Whatever the call reported, the deal is bounded by the bill Billow knows (deal-bounds.ts).
      const bill = await repo.subscription(offer.subscriptionId);
      const cadence = (bill?.cadence ?? 'MONTHLY') as Cadence;
      const deal = bill
        ? boundDeal(merchant, { amountCents: bill.amountCents, cadence }, result)
        : ({ kind: 'rejected', reason: `${merchant}'s bill is no longer in Billow.` } as const);
      if (deal.kind === 'rejected') {
        deps.log?.warn(
          { negotiationId: offer.id, reason: deal.reason },
          'A negotiated deal outside its bounds was turned down',
        );
        const moved = await repo.transition(
          offer.id,
          ['IN_PROGRESS'],
          'REJECTED',
          { rejectionReason: deal.reason },
          deal.reason,
          async (tx) => void (await repo.claimCall(call.id, tx)),
        );
        if (moved)
          await sendSms(
            offer.userId,
            `Billow: ${merchant} did not lower your bill this time. ${deal.reason}`,
          );
        return;
      }
      const at = now();
      const freeMonths = deal.kind === 'free_months' ? deal.months : 0;
      const expiry = new Date(at);
      expiry.setUTCMonth(expiry.getUTCMonth() + (freeMonths || 12));
      // A lower rate is one new price for the bill, in its own cadence; the saving is a year of
      // that price's difference, so the outcome, the bill and the savings agree (docs/figures.md).
      const beforeCents = bill!.amountCents;
      const afterCents = deal.kind === 'price' ? deal.afterCents : null;
      const savedCents = deal.savedCents;
      const savedDollars = centsToDollars(savedCents);
      const outcomeText =
        afterCents === null
          ? `${merchant} gave you ${freeMonths} free month${freeMonths === 1 ? '' : 's'}, worth $${savedDollars.toFixed(2)}.`
          : negotiatedPriceText(
              merchant,
              centsToDollars(beforeCents),
              centsToDollars(afterCents),
              cadence,
            );
      const moved = await repo.transition(
        offer.id,
        ['IN_PROGRESS'],
        'SUCCESSFUL',
        {
          successfulSavingsCents: savedCents,
          negotiatedPriceCents: afterCents,
          savingsType: outcome.savingsType,
          negotiatedDealExpiry: expiry.toISOString().slice(0, 10),
          rejectionReason: null,
        },
        outcomeText,
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
              proof: proofOf(bill!, afterCents, at),
            },
            tx,
          );
          if (afterCents !== null)
            await deps.applyNegotiatedPrice(offer.subscriptionId, afterCents, tx);
        },
      );
      if (moved)
        await sendSms(
          offer.userId,
          `Billow: good news! ${outcomeText} You save $${savedDollars.toFixed(2)}${afterCents === null ? '' : ' a year'}.`,
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
          await sendSms(
            offer.userId,
            `Billow: ${name} did not accept the ${requiredUserInfoLabels[field].toLowerCase()}. Open Billow to check it.`,
          );
        return;
      }
      if (error.retryable && error.currentAttempt < error.maxAttempts) {
        const delay = deps.retryDelaySeconds * 2 ** (error.currentAttempt - 1);
        const attempt = ((await repo.latestCalls([offer.id]))[0]?.attempt ?? call.attempt) + 1;
        await repo.claimThen(call.id, async (tx) => {
          await deps.jobs.send(
            'negotiation-process-request',
            { negotiationId: offer.id, attempt, try: error.currentAttempt + 1 },
            { tx, singletonKey: `${offer.id}:${attempt}`, startAfterSeconds: delay },
          );
          await watchCall(tx, offer.id, attempt, deps.jobs, delay);
        });
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
        await sendSms(offer.userId, `Billow: ${name} did not lower your bill this time. ${reason}`);
    },
  };
}

export type NegotiationCalls = ReturnType<typeof createNegotiationCalls>;
