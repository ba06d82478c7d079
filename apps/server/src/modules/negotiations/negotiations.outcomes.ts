/**
 * What a negotiation's call comes to (the jobs handle negotiation status and handle negotiation
 * error; docs/negotiations.md): a lower price or free months, a question for the person, a retry,
 * or a refusal. The promise is enforced here: a deal that would raise the bill or change the plan
 * is turned down, and any deal is bounded by the bill Billow knows (deal-bounds.ts). Each outcome
 * is applied once: the call is claimed in the transaction that moves the offer.
 */
import {
  centsToDollars,
  merchantById,
  negotiatedPriceText,
  requiredUserInfoLabels,
  type Cadence,
  type NegotiationCallErrorCode,
  type RequiredUserInfoField,
} from '@billow/contracts';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { Db } from '../../db/database';
import { nextTryDelay, type StoredCallError } from '../../calls/call-runner';
import type { DomainEvents } from '../../events/domain-events';
import type { NegotiationRow, NegotiationsRepo } from './negotiations.repo';
import { boundDeal } from './deal-bounds';
import { watchCall } from './negotiations.calls';
import { proofOf } from './saving-proof';

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

export function createNegotiationOutcomes(deps: {
  repo: NegotiationsRepo;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  /**
   * Records what a successful negotiation promises to save, in the transaction that marks it
   * SUCCESSFUL: it counts (and earns its reward) once the bank shows `proof` (docs/savings.md).
   */
  recordSaving: (entry: DomainEvents['negotiation-succeeded'], tx: Db) => Promise<unknown>;
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

  const claim = (callId: string) => async (tx: Db) => void (await repo.claimCall(callId, tx));

  /** The merchant needs something from the person: the offer waits for their answer. */
  async function askPerson(
    offer: NegotiationRow,
    callId: string,
    field: RequiredUserInfoField,
    prompt: string,
    reason: string,
    text: string,
  ) {
    const moved = await repo.transition(
      offer.id,
      ['IN_PROGRESS'],
      'USER_INPUT_REQUIRED',
      { requiredUserInfo: { [field]: prompt } },
      reason,
      claim(callId),
    );
    if (moved) await sendSms(offer.userId, text);
  }

  /** The bill stays as it is, for `reason`. */
  async function reject(offer: NegotiationRow, callId: string, merchant: string, reason: string) {
    const moved = await repo.transition(
      offer.id,
      ['IN_PROGRESS'],
      'REJECTED',
      { rejectionReason: reason },
      reason,
      claim(callId),
    );
    if (moved)
      await sendSms(
        offer.userId,
        `Billow: ${merchant} did not lower your bill this time. ${reason}`,
      );
  }

  return {
    async handleStatus(callId: string) {
      const call = await repo.call(callId);
      if (!call?.outcome) return;
      const offer = await repo.offer(call.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const merchant = merchantById.get(offer.merchantId)?.name ?? 'The merchant';
      const outcome = call.outcome;

      if (outcome.kind === 'needs_input') {
        const label = requiredUserInfoLabels[outcome.field].toLowerCase();
        await askPerson(
          offer,
          call.id,
          outcome.field,
          outcome.prompt,
          `${merchant} asked for the ${label}.`,
          `Billow: ${merchant} needs one more thing to lower your bill. Open Billow to add it.`,
        );
        return;
      }
      if (outcome.kind === 'refused') return reject(offer, call.id, merchant, outcome.reason);
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
        return reject(offer, call.id, merchant, reason);
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
        return reject(offer, call.id, merchant, deal.reason);
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
      const error = call?.error as StoredCallError | null | undefined;
      if (!call || !error) return;
      const offer = await repo.offer(call.negotiationId);
      if (!offer || offer.status !== 'IN_PROGRESS') return;
      const merchant = merchantById.get(offer.merchantId);
      const name = merchant?.name ?? 'The merchant';

      if (
        error.code === 'INVALID_USER_INFO' &&
        error.field &&
        error.field in requiredUserInfoLabels
      ) {
        const field = error.field as keyof typeof requiredUserInfoLabels;
        const label = requiredUserInfoLabels[field].toLowerCase();
        await askPerson(
          offer,
          call.id,
          field,
          merchant?.negotiation?.requiredUserInfo[field] ?? requiredUserInfoLabels[field],
          `${name} did not accept the ${label}.`,
          `Billow: ${name} did not accept the ${label}. Open Billow to check it.`,
        );
        return;
      }
      if (error.retryable && error.currentAttempt < error.maxAttempts) {
        const delay = nextTryDelay(deps.retryDelaySeconds, error.currentAttempt);
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
      await reject(offer, call.id, name, reason);
    },
  };
}

export type NegotiationOutcomes = ReturnType<typeof createNegotiationOutcomes>;
