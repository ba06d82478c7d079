/**
 * The provider's transfer events: a settled debit releases the card's number; a returned or
 * failed one is clawed back (the card restocked, or what was paid owed).
 */
import { centsToDollars, formatDollars, merchantById } from '@billow/contracts';
import type { PaymentsContext } from './payment-steps';

/** Reads the provider's transfer events from where the last read stopped. */
export async function syncTransferEvents(ctx: PaymentsContext) {
  const { repo } = ctx;
  let afterId = await repo.eventCursor();
  for (let page = 0; page < 100; page++) {
    const { events, hasMore } = await ctx.provider.syncEvents(afterId);
    for (const event of events) {
      if (event.type === 'settled') await settled(ctx, event.transferId);
      if (event.type === 'returned' || event.type === 'failed')
        await clawBack(ctx, event.transferId, event.returnCode);
    }
    if (events.length > 0) {
      afterId = events[events.length - 1]!.eventId;
      await repo.saveEventCursor(afterId);
    }
    if (!hasMore) return;
  }
}

/** The provider settled a debit: the money is Billow's and the card's number is released. */
async function settled(ctx: PaymentsContext, transferId: string) {
  const { repo, now, sendSms } = ctx;
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
export async function clawBack(
  ctx: PaymentsContext,
  transferId: string,
  returnCode: string | null,
) {
  const { db, repo, bills, stock, now, sendSms } = ctx;
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
      await ctx.onPaymentReturned(
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
