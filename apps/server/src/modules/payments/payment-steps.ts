/**
 * The steps every payment path shares: reaching the paying account and the person, declining
 * and authorizing a debit, pricing the plan, scheduling the renewal, and whether a card's number
 * may be shown (docs/payments.md). Built once per service from its deps.
 */
import {
  annualPlanFor,
  paymentErrorMessages,
  type BankTransferErrorType,
  type BankTransferResponse,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import type { DebitHandle } from '../../providers/payment/payment-provider';
import type { PaymentsServiceDeps } from './payments.deps';
import type { PaymentRow } from './payments.repo';

export type PaymentSteps = ReturnType<typeof createPaymentSteps>;
/** A payment path's view of the service: its deps and the shared steps. */
export type PaymentsContext = PaymentsServiceDeps & PaymentSteps;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export function addYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 February → 28 February of a common year, not 1 March.
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return isoDay(next);
}
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

export function createPaymentSteps(deps: PaymentsServiceDeps) {
  const { db, repo, stock } = deps;
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

  return {
    now,
    declined,
    debitAccount,
    legalNameOf,
    sendSms,
    decline,
    authorize,
    planOf,
    planFrom,
    reschedule,
    isReleased,
  };
}
