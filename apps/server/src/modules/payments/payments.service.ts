/**
 * Annual plans Billow pays for (docs/annual-plans.md, docs/payments.md): paying exactly once,
 * then the ACH work as jobs, then the plan's year.
 *
 * Exactly once: a payment is decided under the subscription's row lock, in one transaction that
 * finds no live payment, reserves a gift card and inserts the payment with its idempotency key
 * (a partial unique index allows one live payment per subscription, whatever else happens). The
 * key is what the provider sees on the authorization and on the debit, so a rerun — a retried
 * request, a job run twice, a restart after a crash — gets the same authorization and the same
 * transfer back, never a second debit. Every later step moves the payment on only from the
 * status it expects, under the payment's row lock.
 *
 * Per paying account, one authorization at a time: a partial unique index allows one payment
 * 'authorizing' per account, and a second pay from the same account waits for the first to be
 * decided, so the bank sees the first's hold before it answers the second.
 *
 * The card's full number is released when the debit has settled, or earlier when the fronting
 * policy accepts the risk; a debit returned after the number was shown is owed (a receivable),
 * and blocks further payments until settled (docs/payments.md).
 */
import {
  annualPlanFor,
  findMerchant,
  centsToDollars,
  dollarsToCents,
  formatDollars,
  merchantById,
  paymentErrorMessages,
  type BankTransferErrorType,
  type AnnualPlanPayment as AnnualPlanPaymentView,
  type BankTransferResponse,
  type InstantSavingsItem,
  type LinkProvider,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobQueue } from '../../jobs/job-system';
import {
  PaymentProviderError,
  type DebitHandle,
  type PaymentProvider,
} from '../../providers/payment/payment-provider';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { GiftCardStock } from '../gift-cards/gift-cards.stock';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repo';
import {
  isUniqueViolation,
  type PaymentRow,
  type PaymentsRepo,
  type ReceivableRow,
} from './payments.repo';

/** What an active bill's offer names of it, and what a linked bank charges for it a month. */
export type ActiveBill = Pick<
  SubscriptionRow,
  'id' | 'userId' | 'status' | 'merchantName' | 'merchantWebsite'
> & { monthlyPrice: number | null };

/** The job that finishes a pay the request could not (a crash, a provider timeout) waits this. */
const RECOVERY_DELAY_SECONDS = 60;
/** When the provider gives no settlement date: ACH debits settle within about three days. */
const DEFAULT_SETTLEMENT_MS = 3 * 24 * 3600_000;
/**
 * A pay waiting for another payment from the same account to be decided asks again this often,
 * this many times (about a minute: the stuck payment's recovery job has run by then).
 */
const ACCOUNT_WAIT_MS = 250;
const ACCOUNT_WAIT_TRIES = 240;
const ONE_AUTHORIZING_PER_ACCOUNT = 'payments_one_authorizing_per_account';

/**
 * When Billow may release a card's number before the debit settles (off by default): the person
 * has at least `afterSettledPayments` settled payments, nothing owed, and the amount is at most
 * `maxCents`. `maxCents` 0 turns fronting off.
 */
export type FrontingPolicy = { maxCents: number; afterSettledPayments: number };

export type AnnualPlanPaid = {
  userId: string;
  subscriptionId: string;
  paymentId: string;
  amountCents: number;
  savingsCents: number;
};
export type PaymentReturned = AnnualPlanPaid & { isCardVoided: boolean; returnCode: string | null };

export type PaymentsServiceDeps = {
  db: Db;
  repo: PaymentsRepo;
  provider: PaymentProvider;
  /**
   * The banking module's view of the account a payment would come from (docs/payments.md,
   * "Which accounts can pay"): the one named (the person's own), else their primary payment
   * account, else their first account that can pay. Undefined when there is none. Never a
   * credential.
   */
  paymentAccountOf: (
    userId: string,
    accountId: string | undefined,
  ) => Promise<
    | {
        id: string;
        /** An open checking or savings account. */
        isOpenDepository: boolean;
        /** Its source only reads transactions (SimpleFIN Bridge, a file): it cannot pay. */
        isReadOnlySource: boolean;
        /** The bank's data is there to decide a debit (login fine, balance known). */
        isReady: boolean;
      }
    | undefined
  >;
  /**
   * The banking module's opaque handle for debiting an account, passed to the payment port as is;
   * undefined when no debit may come from it any more (removed, login revoked, read-only source).
   */
  debitHandleOf: (accountId: string) => Promise<DebitHandle | undefined>;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  /** The person's legal name and phone number (the users module). */
  personOf: (
    userId: string,
  ) => Promise<{ legalName: string | null; phoneNumber: string } | undefined>;
  /** The bills a plan is paid for (the subscriptions module); `tx` is the payment's transaction. */
  bills: {
    /** The person's subscription, or undefined when it is not theirs. */
    billOf: (userId: string, subscriptionId: string) => Promise<SubscriptionRow | undefined>;
    /**
     * The person's active subscriptions (not the ones they marked as not one), each with its
     * latest linked-bank charge as a month's worth, as bankMonthlyOf says (null without one):
     * one statement for all of them (issue 42).
     */
    activeBillsOf: (userId: string) => Promise<ActiveBill[]>;
    /** Holds the subscription's row until the transaction ends: one payment decision at a time. */
    lockBill: (subscriptionId: string, tx: Db) => Promise<SubscriptionRow | undefined>;
    /** Billow pays the bill (an annual plan until the renewal date), or no longer does. */
    markBillowManaged: (
      subscriptionId: string,
      plan: { isBillowManaged: boolean; renewalDate: string | null },
      tx: Db,
    ) => Promise<void>;
  };
  /** The gift-card stock (the gift-cards module), moved in the payment's transaction. */
  stock: GiftCardStock;
  /** In the funding transaction: the savings and the reward enter their ledgers. */
  onAnnualPlanPaid: (paid: AnnualPlanPaid, tx: Db) => Promise<void>;
  /** In the claw-back transaction: the reward is reversed, the saving taken back. */
  onPaymentReturned: (returned: PaymentReturned, tx: Db) => Promise<void>;
  fronting?: FrontingPolicy;
  /**
   * A bill as a linked bank charges it (never a hand-imported file), as a month's worth; null
   * without such a charge. Annual plans are offered and priced from it (docs/savings.md).
   */
  bankMonthlyOf: (
    userId: string,
    subscriptionId: string,
  ) => Promise<{
    merchantName: string;
    merchantWebsite: string | null;
    monthlyPrice: number;
  } | null>;
  /**
   * A link token for the bank of one of the person's accounts, in Link's update mode, for what
   * the bank needs before a debit (docs/payments.md); undefined when the account is not theirs.
   */
  bankLinkFor: (
    userId: string,
    accountId: string,
    need: { transferAuthorizationId: string } | { isTransferConsent: true },
  ) => Promise<{ linkToken: string; linkProvider: LinkProvider } | undefined>;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
};

/**
 * What the person is told for each reason a debit was not authorized (docs/payments.md); RISK and
 * anything unnamed read as insufficient_funds_risk.
 */
const DECLINE_ERROR_TYPES: Partial<Record<string, BankTransferErrorType>> = {
  NSF: 'insufficient_funds',
  // The person goes through their bank's Link (update mode) first, then pays again.
  ACTION_REQUIRED: 'bank_action_required',
  CONSENT_REQUIRED: 'bank_action_required',
  LIMIT_REACHED: 'transfer_limit_reached',
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
function addYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 February → 28 February of a common year, not 1 March.
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return isoDay(next);
}
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, repo, bills, stock } = deps;
  const now = deps.clock ?? (() => new Date());
  const fronting = deps.fronting ?? { maxCents: 0, afterSettledPayments: 0 };

  const declined = (
    errorType: BankTransferErrorType,
    userId: string,
    subscriptionId: string,
    details: { account_balance?: number; payment_amount?: number; risk_score?: number } = {},
  ): BankTransferResponse => ({
    success: false,
    error_type: errorType,
    message: paymentErrorMessages[errorType],
    details: { subscription_id: subscriptionId, user_id: userId, ...details },
  });

  /** Banking's handle for the payment's account, now: none once it may no longer be debited. */
  async function debitAccount(payment: PaymentRow): Promise<DebitHandle | undefined> {
    if (!payment.accountId) return undefined;
    return deps.debitHandleOf(payment.accountId);
  }

  async function legalNameOf(userId: string) {
    const person = await deps.personOf(userId);
    return person?.legalName?.trim() || 'Billow member';
  }

  /** Texts the person (SMS); a failed text is logged, never thrown. */
  async function sendSms(userId: string, body: string) {
    const person = await deps.personOf(userId);
    if (!person) return;
    await deps.sms.send({ to: person.phoneNumber, body }).catch((error: unknown) => {
      deps.log?.warn({ err: error }, 'could not text the person about their annual plan');
    });
  }

  /**
   * Ends a payment that moved no money: declined, its card back in stock. `authorizationId` is
   * the authorization the person must complete at their bank (ACTION_REQUIRED), kept for Link.
   */
  async function decline(paymentId: string, reason: string, authorizationId?: string) {
    return db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, paymentId);
      if (!payment || payment.status !== 'authorizing') return payment;
      await repo.movePayment(tx, paymentId, 'authorizing', {
        status: 'declined',
        declineReason: reason,
        ...(authorizationId ? { authorizationId } : {}),
      });
      await stock.release(tx, payment.giftCardId);
      return {
        ...payment,
        status: 'declined' as const,
        declineReason: reason,
        authorizationId: authorizationId ?? payment.authorizationId,
      };
    });
  }

  /**
   * Asks the provider to authorize the debit (the same key gets the same answer) and records the
   * decision, unless the payment already moved on. Returns the payment as it then stands, and the
   * balance the provider reported on a decline.
   */
  async function authorize(payment: PaymentRow) {
    const account = await debitAccount(payment);
    if (!account) return { payment: await decline(payment.id, 'account-gone') };
    const decision = await deps.provider.authorizeDebit({
      account,
      amountCents: payment.amountCents,
      idempotencyKey: payment.idempotencyKey,
      legalName: await legalNameOf(payment.userId),
    });
    if (decision.decision === 'declined') {
      return {
        payment: await decline(payment.id, decision.rationale, decision.authorizationId),
        balanceCents: decision.availableBalanceCents,
      };
    }
    const moved = await db.transaction(async (tx) => {
      const current = await repo.lockPayment(tx, payment.id);
      if (!current || current.status !== 'authorizing') return current;
      await repo.movePayment(tx, payment.id, 'authorizing', {
        status: 'authorized',
        authorizationId: decision.authorizationId,
      });
      await deps.jobs.send(
        'payment-initiate-ach',
        { paymentId: payment.id },
        { tx, singletonKey: payment.id },
      );
      return {
        ...current,
        status: 'authorized' as const,
        authorizationId: decision.authorizationId,
      };
    });
    return { payment: moved };
  }

  /**
   * The subscription's annual plan, when it still has one to buy, priced from the bill a linked
   * bank charges (never a hand-imported file) inside the merchant's plausible band.
   */
  async function planOf(subscription: { id: string; userId: string; status: string }) {
    if (subscription.status !== 'ACTIVE') return undefined;
    const bill = await deps.bankMonthlyOf(subscription.userId, subscription.id);
    return bill ? planFrom(bill) : undefined;
  }

  /** The plan offered for a bill a linked bank charges `monthlyPrice` for (null: no plan). */
  function planFrom(bill: {
    merchantName: string;
    merchantWebsite: string | null;
    monthlyPrice: number | null;
  }) {
    if (bill.monthlyPrice === null) return undefined;
    const plan = annualPlanFor({ ...bill, monthlyPrice: bill.monthlyPrice, status: 'ACTIVE' });
    return plan && { ...plan, monthlyPrice: bill.monthlyPrice };
  }

  /** (Re)schedules "process renewal" for the day the plan year ends. */
  async function reschedule(payload: { paymentId: string }, dueAt: Date, tx?: Db) {
    const seconds = Math.max(60, Math.ceil((dueAt.getTime() - now().getTime()) / 1000));
    await deps.jobs.send('payment-process-renewal', payload, {
      ...(tx ? { tx } : {}),
      startAfterSeconds: seconds,
      singletonKey: payload.paymentId,
    });
  }

  /** The provider settled a debit: the money is Billow's and the card's number is released. */
  async function settled(transferId: string) {
    const payment = await repo.markSettled(transferId, now());
    if (!payment || payment.status !== 'funded') return;
    const merchant = merchantById.get(payment.merchantId)?.name ?? 'your subscription';
    await sendSms(
      payment.userId,
      `Billow: your bank settled the ${formatDollars(centsToDollars(payment.amountCents))} payment for your ${merchant} annual plan. Your gift card code is ready in the app.`,
    );
  }

  /**
   * A debit the bank sent back (or that failed): the card goes back in stock when its number was
   * never shown, else what was paid is owed (a receivable); the subscription goes back to its
   * monthly bill, the reward is reversed, the person is told.
   */
  async function clawBack(transferId: string, returnCode: string | null) {
    const result = await db.transaction(async (tx) => {
      const payment = await repo.lockPaymentByTransfer(tx, transferId);
      if (!payment || !['debited', 'funded', 'renewed'].includes(payment.status)) return undefined;
      const wasFunded = payment.status !== 'debited';
      const at = now();
      const card = await stock.takeBack(tx, payment.giftCardId);
      const isCardVoided = card === 'restocked';
      if (card === 'revealed') {
        // The number is out: the card cannot be taken back, so the payment is owed.
        await repo.insertReceivable(tx, {
          userId: payment.userId,
          paymentId: payment.id,
          amountCents: payment.amountCents,
          reason: `The bank returned the annual-plan debit${returnCode ? ` (${returnCode})` : ''} after the gift card code was shown.`,
          returnCode,
          paidAt: payment.createdAt,
          returnedAt: at,
        });
      }
      if (payment.status === 'funded') {
        await bills.markBillowManaged(
          payment.subscriptionId,
          {
            isBillowManaged: false,
            renewalDate: payment.previousRenewalDate,
          },
          tx,
        );
      }
      await repo.updatePayment(tx, payment.id, {
        status: 'returned',
        returnCode,
        returnedAt: at,
      });
      if (wasFunded) {
        await deps.onPaymentReturned(
          {
            userId: payment.userId,
            subscriptionId: payment.subscriptionId,
            paymentId: payment.id,
            amountCents: payment.amountCents,
            savingsCents: payment.savingsCents,
            isCardVoided,
            returnCode,
          },
          tx,
        );
      }
      return { payment, card };
    });
    if (!result) return;
    const { payment, card } = result;
    const merchant = merchantById.get(payment.merchantId)?.name ?? 'your subscription';
    const amount = formatDollars(centsToDollars(payment.amountCents));
    const what = {
      restocked: 'The gift card was taken back, nothing is owed, and your monthly plan continues.',
      // The code was shown: it cannot be taken back, so the payment is still owed.
      revealed: `The gift card code was already revealed, so it stays yours and ${amount} is still owed to Billow. Billow cannot pay for another plan until it is settled: please contact support to settle it. Your monthly plan continues.`,
      none: 'Nothing is owed, and your monthly plan continues.',
    }[card];
    await sendSms(
      payment.userId,
      `Billow: your bank returned the ${amount} payment for your ${merchant} annual plan${returnCode ? ` (${returnCode})` : ''}. ${what}`,
    );
  }

  /** Whether the policy lets Billow show this payment's code before its debit settles. */
  async function isFronted(payment: PaymentRow) {
    if (fronting.maxCents <= 0 || payment.amountCents > fronting.maxCents) return false;
    if ((await repo.openReceivables(payment.userId)).length > 0) return false;
    return (await repo.settledPaymentCount(payment.userId)) >= fronting.afterSettledPayments;
  }

  /** Whether the payment's card number may be shown: the debit settled, or it is fronted. */
  async function isReleased(payment: PaymentRow) {
    if (payment.status !== 'funded' && payment.status !== 'renewed') return false;
    return payment.settledAt !== null || (await isFronted(payment));
  }

  function view(
    payment: PaymentRow,
    receivable: ReceivableRow | null,
    released: boolean,
  ): AnnualPlanPaymentView | null {
    if (payment.status === 'declined') return null;
    const status =
      payment.status === 'returned'
        ? 'returned'
        : payment.status === 'funded' || payment.status === 'renewed'
          ? released
            ? 'ready'
            : 'on-its-way'
          : 'processing';
    const isWaiting = status === 'processing' || status === 'on-its-way';
    return {
      status,
      amount: centsToDollars(payment.amountCents),
      paidAt: payment.createdAt.toISOString(),
      readyBy: isWaiting ? (payment.expectedSettlementAt?.toISOString() ?? null) : null,
      returnedAt: payment.returnedAt?.toISOString() ?? null,
      returnCode: payment.returnCode,
      amountOwed: receivable && !receivable.settledAt ? centsToDollars(receivable.amountCents) : 0,
    };
  }

  /** Refuses to pay for a person who owes Billow for a returned debit. */
  async function refuseWhileOwed(userId: string) {
    const owed = await repo.openReceivables(userId);
    if (owed.length === 0) return;
    const total = owed.reduce((sum, r) => sum + r.amountCents, 0);
    throw new ProblemError(
      'payment-failed',
      `Your bank returned an earlier payment and ${formatDollars(centsToDollars(total))} is still owed to Billow. Billow cannot pay for another plan until it is settled: please contact support.`,
      { code: 'payment-owed' },
    );
  }

  return {
    /**
     * GET /api/subscriptions/instant-savings: at most 3, biggest saving first (docs/dashboard.md,
     * "Instant savings").
     */
    async instantSavings(userId: string): Promise<InstantSavingsItem[]> {
      // A card kept after its debit came back is still the person's: its screen says what is owed.
      const [live, owed, active] = await Promise.all([
        repo.livePaymentsOf(userId),
        repo.openReceivables(userId),
        bills.activeBillsOf(userId),
      ]);
      // Each bill comes with its latest bank charge, so no query is made per bill (issue 42).
      const withPlan = active.filter((subscription) => findMerchant(subscription)?.annualPlanPrice);
      const plans = withPlan.map((bill) => planFrom(bill));
      const offers = [];
      for (const [index, subscription] of withPlan.entries()) {
        const plan = plans[index];
        if (!plan) continue;
        offers.push({
          savings: plan.savings,
          item: {
            subscription_id: subscription.id,
            service_name: subscription.merchantName,
            merchant_website_url: subscription.merchantWebsite ?? plan.merchant.website,
            // What the bank charges a month: the price the saving is worked out from.
            current_price: plan.monthlyPrice,
            annual_plan_cost: plan.annualPlanCost,
            annual_conversion_external_link: plan.merchant.annualPlanLink ?? null,
            has_assigned_gift_card:
              live.some((p) => p.subscriptionId === subscription.id && p.status === 'funded') ||
              owed.some((r) => r.subscriptionId === subscription.id),
          },
        });
      }
      return offers
        .sort((a, b) => b.savings - a.savings)
        .slice(0, 3)
        .map(({ item }) => item);
    },

    /** POST /api/payments/pay: one debit per subscription and plan year (docs/payments.md). */
    async pay(
      userId: string,
      subscriptionId: string,
      financialAccountId?: string,
    ): Promise<BankTransferResponse> {
      // A chosen account that is gone (removed since the screen listed it, or never the
      // person's) is payment_account_not_found, never a fall-back to another account.
      await refuseWhileOwed(userId);
      const found = await deps.paymentAccountOf(userId, financialAccountId);
      const subscription = await bills.billOf(userId, subscriptionId);
      if (!subscription || subscription.userMarkedNotSubscription)
        return declined('subscription_not_found', userId, subscriptionId);
      if (!findMerchant(subscription)?.annualPlanPrice)
        return declined('annual_plan_not_available', userId, subscriptionId);
      if (!found) return declined('payment_account_not_found', userId, subscriptionId);
      // SimpleFIN Bridge and file imports only read transactions: nothing can debit them.
      if (found.isReadOnlySource) return declined('account_cannot_pay', userId, subscriptionId);
      if (!found.isOpenDepository)
        return declined('payment_account_not_found', userId, subscriptionId);
      if (!found.isReady) return declined('account_data_missing', userId, subscriptionId);
      // Priced from the bill the linked bank charges; none there (or not believable), no plan.
      const plan = await planOf(subscription);
      if (!plan) return declined('annual_plan_not_available', userId, subscriptionId);
      const amountCents = dollarsToCents(plan.annualPlanCost);

      const decide = () =>
        db.transaction(async (tx) => {
          const locked = await bills.lockBill(subscription.id, tx);
          if (!locked) return { kind: 'gone' as const };
          const live = await repo.livePayment(tx, subscription.id);
          if (live) return { kind: 'already-paid' as const, payment: live };
          const card = await stock.reserve(tx, plan.merchant.id);
          if (!card) return { kind: 'no-stock' as const };
          const attempt = (await repo.paymentCount(tx, subscription.id)) + 1;
          const payment = await repo.insertPayment(tx, {
            userId,
            subscriptionId: subscription.id,
            accountId: found.id,
            giftCardId: card.id,
            merchantId: plan.merchant.id,
            idempotencyKey: `annual-${subscription.id}-${attempt}`,
            status: 'authorizing',
            amountCents,
            savingsCents: dollarsToCents(plan.savings),
            previousRenewalDate: locked.renewalDate,
          });
          // If this request never gets to record the decision, the job does.
          await deps.jobs.send(
            'payment-initiate-ach',
            { paymentId: payment.id },
            { tx, startAfterSeconds: RECOVERY_DELAY_SECONDS },
          );
          return { kind: 'started' as const, payment };
        });
      let started: Awaited<ReturnType<typeof decide>> | undefined;
      for (let attempt = 0; !started; attempt++) {
        try {
          started = await decide();
        } catch (error) {
          // Another payment from this account is being decided: wait for its answer.
          if (!isUniqueViolation(error, ONE_AUTHORIZING_PER_ACCOUNT)) throw error;
          if (attempt >= ACCOUNT_WAIT_TRIES)
            throw new ProblemError(
              'conflict',
              'Another payment from this account is going through. Please try again in a minute.',
              { code: 'payment-in-progress' },
            );
          await sleep(ACCOUNT_WAIT_MS);
        }
      }
      if (started.kind === 'gone')
        return declined('subscription_not_found', userId, subscriptionId);
      if (started.kind === 'no-stock')
        return declined('no_available_gift_cards', userId, subscriptionId);
      if (started.kind === 'already-paid')
        return declined('already_paid', userId, subscriptionId, {
          payment_amount: centsToDollars(started.payment.amountCents),
        });

      let outcome;
      try {
        outcome = await authorize(started.payment);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        // No money moves without an authorization: end this one so the person can try again.
        await decline(started.payment.id, `provider-error:${error.vendorCode}`);
        throw new ProblemError('external-service', 'The payment provider could not be reached.');
      }
      const payment = outcome.payment;
      if (payment && payment.status !== 'declined') {
        return { success: true, transfer_id: payment.id, amount: centsToDollars(amountCents) };
      }
      const reason = payment?.declineReason ?? 'OTHER';
      const balance =
        outcome.balanceCents !== undefined
          ? { account_balance: centsToDollars(outcome.balanceCents) }
          : {};
      return declined(
        DECLINE_ERROR_TYPES[reason] ?? 'insufficient_funds_risk',
        userId,
        subscriptionId,
        { ...balance, payment_amount: centsToDollars(amountCents) },
      );
    },

    /**
     * After `bank_action_required`: a link token for the bank of the account the subscription's
     * latest payment was to come from, asking for what the bank needs (docs/payments.md).
     */
    async bankLink(userId: string, subscriptionId: string) {
      const subscription = await bills.billOf(userId, subscriptionId);
      if (!subscription)
        throw new ProblemError('not-found', 'Subscription not found.', {
          code: 'subscription-not-found',
        });
      const latest = (await repo.latestPaymentFor(userId, subscriptionId))?.payment;
      const need =
        latest?.status !== 'declined'
          ? undefined
          : latest.declineReason === 'CONSENT_REQUIRED'
            ? { isTransferConsent: true as const }
            : latest.declineReason === 'ACTION_REQUIRED' && latest.authorizationId
              ? { transferAuthorizationId: latest.authorizationId }
              : undefined;
      const link =
        need && latest?.accountId
          ? await deps.bankLinkFor(userId, latest.accountId, need)
          : undefined;
      if (!link)
        throw new ProblemError(
          'conflict',
          'Your bank does not need anything from you for this payment. Please try paying again.',
          { code: 'payment-bank-link-not-needed' },
        );
      return link;
    },

    /** Job "initiate ACH payment": the debit on the authorization, then funding the card. */
    async initiateAch(paymentId: string) {
      let payment = await repo.payment(paymentId);
      if (!payment) return;
      if (payment.status === 'authorizing') payment = (await authorize(payment)).payment;
      if (!payment || payment.status !== 'authorized' || !payment.authorizationId) return;
      const account = await debitAccount(payment);
      if (!account) {
        // The account was removed before the debit: nothing was taken; end it.
        await db.transaction(async (tx) => {
          if (
            await repo.movePayment(tx, paymentId, 'authorized', {
              status: 'declined',
              declineReason: 'account-gone',
            })
          )
            await stock.release(tx, payment!.giftCardId);
        });
        return;
      }
      const { transferId, expectedSettlementAt } = await deps.provider.createDebit({
        account,
        amountCents: payment.amountCents,
        idempotencyKey: payment.idempotencyKey,
        authorizationId: payment.authorizationId,
        legalName: await legalNameOf(payment.userId),
        // What the bank statement says the money is for (ACH allows 10 characters).
        description: 'Gift card',
      });
      await db.transaction(async (tx) => {
        const moved = await repo.movePayment(tx, paymentId, 'authorized', {
          status: 'debited',
          providerTransferId: transferId,
          expectedSettlementAt: expectedSettlementAt
            ? new Date(expectedSettlementAt)
            : new Date(now().getTime() + DEFAULT_SETTLEMENT_MS),
        });
        if (moved)
          await deps.jobs.send('payment-fund-card', { paymentId }, { tx, singletonKey: paymentId });
      });
    },

    /** Job "fund card": the reserved card becomes the person's, and the plan year starts. */
    async fundCard(paymentId: string) {
      const funded = await db.transaction(async (tx) => {
        const payment = await repo.lockPayment(tx, paymentId);
        if (!payment || payment.status !== 'debited') return undefined;
        const at = now();
        const renewalDate = addYear(isoDay(at));
        await stock.assign(tx, payment.giftCardId, {
          userId: payment.userId,
          subscriptionId: payment.subscriptionId,
          at,
        });
        await bills.markBillowManaged(
          payment.subscriptionId,
          {
            isBillowManaged: true,
            renewalDate,
          },
          tx,
        );
        await repo.movePayment(tx, paymentId, 'debited', {
          status: 'funded',
          fundedAt: at,
          renewalDate,
        });
        await deps.onAnnualPlanPaid(
          {
            userId: payment.userId,
            subscriptionId: payment.subscriptionId,
            paymentId,
            amountCents: payment.amountCents,
            savingsCents: payment.savingsCents,
          },
          tx,
        );
        // The reminders feature tells the person a month and a week before the year ends.
        await reschedule({ paymentId }, dayStart(renewalDate), tx);
        return payment;
      });
      if (!funded) return;
      const merchant = merchantById.get(funded.merchantId)?.name ?? 'your subscription';
      const paid = `Billow: your ${merchant} annual plan is paid (${formatDollars(centsToDollars(funded.amountCents))}).`;
      const ready = await isReleased({ ...funded, status: 'funded' });
      const readyBy = funded.expectedSettlementAt?.toISOString().slice(0, 10);
      await sendSms(
        funded.userId,
        ready
          ? `${paid} Your gift card code is ready in the app.`
          : `${paid} Your gift card code will be ready in the app once your bank has settled the payment${readyBy ? ` (expected by ${readyBy})` : ''}.`,
      );
    },

    /** Reads the provider's transfer events from where the last read stopped. */
    async syncTransferEvents() {
      let afterId = await repo.eventCursor();
      for (let page = 0; page < 100; page++) {
        const { events, hasMore } = await deps.provider.syncEvents(afterId);
        for (const event of events) {
          if (event.type === 'settled') await settled(event.transferId);
          if (event.type === 'returned' || event.type === 'failed')
            await clawBack(event.transferId, event.returnCode);
        }
        if (events.length > 0) {
          afterId = events[events.length - 1]!.eventId;
          await repo.saveEventCursor(afterId);
        }
        if (!hasMore) return;
      }
    },

    clawBack,

    /**
     * The latest payment for a subscription as the person sees it, and whether its card's
     * number may be shown (the gift cards feature asks before it decrypts one).
     */
    async paymentFor(userId: string, subscriptionId: string) {
      const row = await repo.latestPaymentFor(userId, subscriptionId);
      if (!row) return { isReleased: false, payment: null };
      const released = await isReleased(row.payment);
      return { isReleased: released, payment: view(row.payment, row.receivable, released) };
    },

    /** The operator marks a receivable paid: the person may pay for plans again. */
    async settleReceivable(receivableId: string) {
      return repo.settleReceivable(receivableId, now());
    },

    /**
     * Job "process renewal": a year later the monthly bill resumes (docs/annual-plans.md,
     * "The flow").
     */
    async processRenewal(paymentId: string) {
      const renewed = await db.transaction(async (tx) => {
        const payment = await repo.lockPayment(tx, paymentId);
        if (!payment || payment.status !== 'funded' || !payment.renewalDate) return undefined;
        if (now() < dayStart(payment.renewalDate)) {
          await reschedule({ paymentId }, dayStart(payment.renewalDate), tx);
          return undefined;
        }
        await repo.movePayment(tx, paymentId, 'funded', { status: 'renewed', renewedAt: now() });
        await bills.markBillowManaged(
          payment.subscriptionId,
          {
            isBillowManaged: false,
            renewalDate: payment.renewalDate,
          },
          tx,
        );
        return payment;
      });
      if (!renewed) return;
      const merchant = merchantById.get(renewed.merchantId)?.name ?? 'your subscription';
      await sendSms(
        renewed.userId,
        `Billow: your ${merchant} annual plan ended today; your monthly bill resumes.`,
      );
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
