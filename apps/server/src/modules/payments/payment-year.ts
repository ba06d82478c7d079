/**
 * A paid plan's year, as jobs: the debit on the authorization (initiate ACH), the card made the
 * person's and the year started (fund card), and the monthly bill resumed a year later (process
 * renewal). Each moves the payment on only from the status it expects, under its row lock.
 */
import { centsToDollars, formatDollars, merchantById } from '@billow/contracts';
import { addYear, dayStart, isoDay, type PaymentsContext } from './payment-steps';

/** When the provider gives no settlement date: ACH debits settle within about three days. */
const DEFAULT_SETTLEMENT_MS = 3 * 24 * 3600_000;

/** Job "initiate ACH payment": the debit on the authorization, then funding the card. */
export async function initiateAch(ctx: PaymentsContext, paymentId: string) {
  const { db, repo, stock, now, authorize, debitAccount, legalNameOf } = ctx;
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
  const { transferId, expectedSettlementAt } = await ctx.provider.createDebit({
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
      await ctx.jobs.send('payment-fund-card', { paymentId }, { tx, singletonKey: paymentId });
  });
}

/** Job "fund card": the reserved card becomes the person's, and the plan year starts. */
export async function fundCard(ctx: PaymentsContext, paymentId: string) {
  const { db, repo, bills, stock, now, sendSms, reschedule, isReleased } = ctx;
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
    await ctx.onAnnualPlanPaid(
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
}

/**
 * Job "process renewal": a year later the monthly bill resumes (docs/annual-plans.md,
 * "The flow").
 */
export async function processRenewal(ctx: PaymentsContext, paymentId: string) {
  const { db, repo, bills, now, sendSms, reschedule } = ctx;
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
}
