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
import { bindContext } from '../../bind-context';
import type { PaymentsServiceDeps } from './payments.deps';
import { instantSavings } from './instant-savings';
import { bankLink, pay } from './pay';
import { clawBack, syncTransferEvents } from './payment-events';
import { createPaymentSteps } from './payment-steps';
import { paymentFor } from './payment-view';
import { fundCard, initiateAch, processRenewal } from './payment-year';

/**
 * The service: each path is a plain function of the service's context (its deps and the shared
 * steps of payment-steps.ts), bound here.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const ctx = { ...deps, ...createPaymentSteps(deps) };
  const bind = bindContext(ctx);
  return {
    instantSavings: bind(instantSavings),
    pay: bind(pay),
    bankLink: bind(bankLink),
    initiateAch: bind(initiateAch),
    fundCard: bind(fundCard),
    syncTransferEvents: bind(syncTransferEvents),
    clawBack: bind(clawBack),
    paymentFor: bind(paymentFor),
    /** The operator marks a receivable paid: the person may pay for plans again. */
    settleReceivable: (receivableId: string) => deps.repo.settleReceivable(receivableId, ctx.now()),
    processRenewal: bind(processRenewal),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
