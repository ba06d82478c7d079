/**
 * Negotiation offers: made after detection for every ACTIVE subscription with a negotiable
 * merchant (one per subscription), listed for the dashboard, and moved on when the person gives
 * what the merchant asks for. Answers are stored encrypted and never leave the server again.
 */
import {
  annualPlanFor,
  centsToDollars,
  findMerchant,
  merchantById,
  type Merchant,
  type NegotiationOffer,
  type RequiredUserInfoField,
  type TypicalOutcome,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FieldCipher } from '../../security/encryption';
import type { NegotiationCallRow, NegotiationRow, NegotiationsRepo } from './negotiations.repo';
import { stillToAsk } from '../../calls/known-answers';
import { validateRequiredInfo } from '../../calls/required-info';
import { watchCall } from './negotiations.calls';
import { toCallView } from '../../calls/call-view';

type Answers = Partial<Record<RequiredUserInfoField, string>>;
type Person = NonNullable<Awaited<ReturnType<NegotiationsRepo['person']>>>;

const DAY = 24 * 60 * 60 * 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;

const notWaiting = () =>
  new ProblemError('conflict', 'This negotiation is not waiting for information.', {
    code: 'negotiation-not-waiting',
  });

/**
 * Payments per year by cadence (docs/subscriptions.md, "Statuses and cadences"); an unknown cadence
 * counts as monthly.
 */
const PAYMENTS_PER_YEAR: Record<string, number> = {
  MONTHLY: 12,
  WEEKLY: 52,
  BIWEEKLY: 26,
  QUARTERLY: 4,
  YEARLY: 1,
  SEMI_MONTHLY: 24,
  DAILY: 365,
};

/** What an offer would save in a year: the per-payment saving times the payments of a year. */
export function yearlySavings(current: number, target: number, cadence: string): number {
  return round2((current - target) * (PAYMENTS_PER_YEAR[cadence] ?? 12));
}

/** The share of the bill a merchant's first typical outcome takes off. */
function expectedShareOff(outcome: TypicalOutcome | undefined, monthly: number): number {
  if (!outcome || monthly <= 0) return 0;
  if (outcome.kind === 'PRICE_REDUCTION_PERCENTAGE') return outcome.percent / 100;
  if (outcome.kind === 'PRICE_REDUCTION_AMOUNT') return Math.min(outcome.dollars / monthly, 0.5);
  return outcome.months / 12;
}

export function createNegotiationsService(deps: {
  repo: NegotiationsRepo;
  cipher: FieldCipher;
  jobs: JobQueue<AppJobMap>;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  const nextAttempt = async (negotiationId: string) =>
    ((await repo.latestCalls([negotiationId]))[0]?.attempt ?? 0) + 1;

  const startCall = async (tx: Db, negotiationId: string, attempt: number) => {
    await deps.jobs.send(
      'negotiation-process-request',
      { negotiationId, attempt, try: 1 },
      { tx, singletonKey: `${negotiationId}:${attempt}`, priority: 50 },
    );
    await watchCall(tx, negotiationId, attempt, deps.jobs);
  };

  /** Sends PENDING offers to a call, when the person has negotiation on. */
  async function startPending(userId: string, person: Person) {
    if (!person.isBillNegotiationEnabled) return;
    for (const { offer } of await repo.offersOf(userId)) {
      if (offer.status !== 'PENDING') continue;
      const attempt = await nextAttempt(offer.id);
      const at = now();
      await repo.transition(
        offer.id,
        ['PENDING'],
        'IN_PROGRESS',
        { startDate: at, estimatedCompletion: new Date(at.getTime() + DAY) },
        'Bill negotiation is on: Billow is calling the merchant.',
        (tx) => startCall(tx, offer.id, attempt),
      );
    }
  }

  function toOffer(
    offer: NegotiationRow,
    subscription: {
      merchantName: string;
      merchantWebsite: string | null;
      cadence: string;
      status: string;
      normalizedMonthlyCents: number;
    },
    merchant: Merchant | undefined,
    call: NegotiationCallRow | undefined,
    annual: { isPaid: boolean; hasGiftCard: boolean },
  ): NegotiationOffer {
    const current = centsToDollars(offer.currentPriceCents);
    const target = centsToDollars(offer.targetPriceCents);
    // An annual plan cheaper than 12 months of this bill, not yet paid for by Billow.
    const plan = annualPlanFor({
      ...subscription,
      monthlyPrice: centsToDollars(subscription.normalizedMonthlyCents),
    });
    const isConvertible = plan !== undefined && !annual.isPaid;
    return {
      subscription_id: offer.subscriptionId,
      service_name: subscription.merchantName,
      merchant_id: offer.merchantId,
      current_price: current,
      target_price: target,
      status: offer.status,
      start_date: offer.startDate?.toISOString() ?? null,
      estimated_completion: offer.estimatedCompletion?.toISOString() ?? null,
      merchant_website_url: subscription.merchantWebsite,
      logo: null,
      estimated_savings: yearlySavings(current, target, subscription.cadence),
      required_user_info:
        offer.status === 'USER_INPUT_REQUIRED' ? (offer.requiredUserInfo ?? {}) : null,
      eligibility_criteria: merchant?.negotiation?.eligibilityCriteria ?? [],
      rejection_reason: offer.rejectionReason,
      successful_savings:
        offer.successfulSavingsCents === null ? null : centsToDollars(offer.successfulSavingsCents),
      negotiated_price:
        offer.negotiatedPriceCents === null ? null : centsToDollars(offer.negotiatedPriceCents),
      savings_type: offer.savingsType,
      negotiated_deal_expiry: offer.negotiatedDealExpiry,
      subscription_cadence: subscription.cadence as NegotiationOffer['subscription_cadence'],
      is_annual_conversion_eligible: isConvertible,
      annual_plan_cost: merchant?.annualPlanPrice ?? null,
      annual_conversion_external_link: merchant?.annualPlanLink ?? null,
      has_assigned_gift_card: annual.hasGiftCard,
      is_pay_with_billow_eligible: isConvertible,
      call: call ? toCallView(call) : null,
    };
  }

  /** The person's offers as they stand, starting nothing (for readers such as the chat). */
  async function offersOf(userId: string): Promise<NegotiationOffer[]> {
    // Read on every dashboard load: one statement (negotiations.repo.ts).
    const rows = await repo.offersOf(userId);
    return rows.map(({ offer, subscription, call, isPlanPaid, hasGiftCard }) =>
      toOffer(offer, subscription, merchantById.get(offer.merchantId), call, {
        isPaid: isPlanPaid,
        hasGiftCard,
      }),
    );
  }

  return {
    /** After detection: new offers for new negotiable bills, open ones dropped for gone ones. */
    async refreshOffers(userId: string) {
      const person = await repo.person(userId);
      if (!person) return;
      const negotiable = (await repo.subscriptionsOf(userId)).flatMap((subscription) => {
        const merchant = findMerchant(subscription);
        return subscription.status === 'ACTIVE' && merchant?.isNegotiable && merchant.negotiation
          ? [{ subscription, merchant, negotiation: merchant.negotiation }]
          : [];
      });
      await repo.dropOpenOffersExcept(
        userId,
        negotiable.map((n) => n.subscription.id),
      );
      await repo.insertOffers(
        negotiable.map(({ subscription, merchant, negotiation }) => {
          const asked = stillToAsk(person, negotiation.requiredUserInfo);
          const monthly = subscription.normalizedMonthlyCents / 100;
          const share = expectedShareOff(negotiation.typicalOutcomes[0], monthly);
          const needsInput = Object.keys(asked).length > 0;
          return {
            userId,
            subscriptionId: subscription.id,
            merchantId: merchant.id,
            status: needsInput ? ('USER_INPUT_REQUIRED' as const) : ('PENDING' as const),
            currentPriceCents: subscription.amountCents,
            targetPriceCents: Math.round(subscription.amountCents * (1 - share)),
            requiredUserInfo: needsInput ? asked : null,
            estimatedCompletion: new Date(now().getTime() + 3 * DAY),
          };
        }),
      );
      await startPending(userId, person);
    },

    /** The person's offers: reading them starts nothing (calls start on a change, by jobs). */
    list: (userId: string): Promise<NegotiationOffer[]> => offersOf(userId),

    /** Bill negotiation was turned on: Billow starts calling about the PENDING bills. */
    async startPendingCalls(userId: string) {
      const person = await repo.person(userId);
      if (person) await startPending(userId, person);
    },

    offersOf,

    async submitRequiredInfo(
      userId: string,
      subscriptionId: string,
      given: Record<string, string>,
    ) {
      const offer = await repo.offerOfSubscription(userId, subscriptionId);
      if (!offer)
        throw new ProblemError('subscription-not-found', 'Subscription not found.', {
          code: 'subscription-not-found',
        });
      if (offer.status !== 'USER_INPUT_REQUIRED') throw notWaiting();
      const { answers, errors } = validateRequiredInfo(
        offer.requiredUserInfo ?? {},
        given,
        now().toISOString().slice(0, 10),
      );
      if (errors.length > 0) {
        throw new ProblemError('validation', 'Some of the information is not valid.', {
          errors,
          code: 'required-info-invalid',
        });
      }
      const previous = offer.answersEncrypted
        ? (JSON.parse(deps.cipher.decrypt(offer.answersEncrypted)) as Answers)
        : {};
      const attempt = await nextAttempt(offer.id);
      const at = now();
      const moved = await repo.transition(
        offer.id,
        ['USER_INPUT_REQUIRED'],
        'IN_PROGRESS',
        {
          answersEncrypted: deps.cipher.encrypt(JSON.stringify({ ...previous, ...answers })),
          requiredUserInfo: null,
          startDate: offer.startDate ?? at,
          estimatedCompletion: new Date(at.getTime() + DAY),
        },
        'The person gave the information the merchant asks for.',
        (tx) => startCall(tx, offer.id, attempt),
      );
      if (!moved) throw notWaiting();
      return { success: true as const, status: 'IN_PROGRESS' as const };
    },

    /** The decrypted answers of an offer (for the call only). */
    answersOf(offer: NegotiationRow): Answers {
      return offer.answersEncrypted
        ? (JSON.parse(deps.cipher.decrypt(offer.answersEncrypted)) as Answers)
        : {};
    },
  };
}

export type NegotiationsService = ReturnType<typeof createNegotiationsService>;
