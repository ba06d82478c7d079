/** How a person sees their latest payment, and whether its card's number may be shown. */
import { centsToDollars, type AnnualPlanPayment as AnnualPlanPaymentView } from '@billow/contracts';
import type { PaymentsContext } from './payment-steps';
import type { PaymentRow, ReceivableRow } from './payments.repo';

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

/**
 * The latest payment for a subscription as the person sees it, and whether its card's
 * number may be shown (the gift cards feature asks before it decrypts one).
 */
export async function paymentFor(ctx: PaymentsContext, userId: string, subscriptionId: string) {
  const { repo, isReleased } = ctx;
  const row = await repo.latestPaymentFor(userId, subscriptionId);
  if (!row) return { isReleased: false, payment: null };
  const released = await isReleased(row.payment);
  return { isReleased: released, payment: view(row.payment, row.receivable, released) };
}
