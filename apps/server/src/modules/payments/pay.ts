/**
 * Paying for an annual plan, exactly once (docs/payments.md): the decision under the
 * subscription's row lock, one authorization at a time per paying account, and the link to the
 * bank when it needs the person first. See payments.service.ts for the whole flow.
 */
import {
  centsToDollars,
  dollarsToCents,
  findMerchant,
  formatDollars,
  type BankTransferErrorType,
  type BankTransferResponse,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { PaymentProviderError } from '../../providers/payment/payment-provider';
import type { PaymentsContext } from './payment-steps';
import { isUniqueViolation } from './payments.repo';

/** The job that finishes a pay the request could not (a crash, a provider timeout) waits this. */
const RECOVERY_DELAY_SECONDS = 60;
/**
 * A pay waiting for another payment from the same account to be decided asks again this often,
 * this many times (about a minute: the stuck payment's recovery job has run by then).
 */
const ACCOUNT_WAIT_MS = 250;
const ACCOUNT_WAIT_TRIES = 240;
const ONE_AUTHORIZING_PER_ACCOUNT = 'payments_one_authorizing_per_account';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refuses to pay for a person who owes Billow for a returned debit. */
async function refuseWhileOwed(ctx: PaymentsContext, userId: string) {
  const owed = await ctx.repo.openReceivables(userId);
  if (owed.length === 0) return;
  const total = owed.reduce((sum, r) => sum + r.amountCents, 0);
  throw new ProblemError(
    'payment-failed',
    `Your bank returned an earlier payment and ${formatDollars(centsToDollars(total))} is still owed to Billow. Billow cannot pay for another plan until it is settled: please contact support.`,
    { code: 'payment-owed' },
  );
}

/** POST /api/payments/pay: one debit per subscription and plan year (docs/payments.md). */
export async function pay(
  ctx: PaymentsContext,
  userId: string,
  subscriptionId: string,
  financialAccountId?: string,
): Promise<BankTransferResponse> {
  const { db, repo, bills, stock, declined, decline, authorize, planOf } = ctx;
  // A chosen account that is gone (removed since the screen listed it, or never the
  // person's) is payment_account_not_found, never a fall-back to another account.
  await refuseWhileOwed(ctx, userId);
  const found = await ctx.paymentAccountOf(userId, financialAccountId);
  const subscription = await bills.billOf(userId, subscriptionId);
  if (!subscription || subscription.userMarkedNotSubscription)
    return declined('subscription_not_found', userId, subscriptionId);
  if (!findMerchant(subscription)?.annualPlanPrice)
    return declined('annual_plan_not_available', userId, subscriptionId);
  if (!found) return declined('payment_account_not_found', userId, subscriptionId);
  // SimpleFIN Bridge and file imports only read transactions: nothing can debit them.
  if (found.isReadOnlySource) return declined('account_cannot_pay', userId, subscriptionId);
  if (!found.isOpenDepository) return declined('payment_account_not_found', userId, subscriptionId);
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
      await ctx.jobs.send(
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
  if (started.kind === 'gone') return declined('subscription_not_found', userId, subscriptionId);
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
}

/**
 * After `bank_action_required`: a link token for the bank of the account the subscription's
 * latest payment was to come from, asking for what the bank needs (docs/payments.md).
 */
export async function bankLink(ctx: PaymentsContext, userId: string, subscriptionId: string) {
  const { repo, bills } = ctx;
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
    need && latest?.accountId ? await ctx.bankLinkFor(userId, latest.accountId, need) : undefined;
  if (!link)
    throw new ProblemError(
      'conflict',
      'Your bank does not need anything from you for this payment. Please try paying again.',
      { code: 'payment-bank-link-not-needed' },
    );
  return link;
}
