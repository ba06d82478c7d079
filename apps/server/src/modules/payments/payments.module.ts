/** Annual plans Billow pays for: instant savings, paying exactly once, the ACH jobs, renewal. */
import type { Config } from '../../config';
import type { DomainEventBus } from '../../events/domain-events';
import type { FeatureModule } from '../feature-module';
import type { Bills } from '../subscriptions/subscriptions.module';
import { paymentsJobHandlers } from './payments.jobs';
import { createPaymentsRepo } from './payments.repo';
import { registerPaymentDevRoutes, registerPaymentRoutes } from './payments.routes';
import type { PaymentsServiceDeps } from './payments.deps';
import { createPaymentsService } from './payments.service';

export function createPaymentsModule(
  deps: Omit<
    PaymentsServiceDeps,
    | 'repo'
    | 'onAnnualPlanPaid'
    | 'onPaymentReturned'
    | 'bankMonthlyOf'
    | 'personOf'
    | 'paymentAccountOf'
    | 'debitHandleOf'
    | 'bankLinkFor'
    | 'fronting'
  > & {
    /** When a card's number may be released before its debit settles (docs/payments.md). */
    config: Pick<Config, 'fronting'>;
    events: DomainEventBus;
    bills: PaymentsServiceDeps['bills'] & Pick<Bills, 'bankMonthlyOf'>;
    people: { personOf: PaymentsServiceDeps['personOf'] };
    /** The account a plan is paid from (the banking module): never a credential. */
    banking: Pick<PaymentsServiceDeps, 'paymentAccountOf' | 'debitHandleOf' | 'bankLinkFor'>;
  },
) {
  const repo = createPaymentsRepo(deps.db);
  const service = createPaymentsService({
    ...deps,
    repo,
    bankMonthlyOf: deps.bills.bankMonthlyOf,
    personOf: deps.people.personOf,
    ...deps.banking,
    fronting: deps.config.fronting,
    // The savings and rewards modules react, in the payment's transaction (docs/payments.md).
    onAnnualPlanPaid: (paid, tx) => deps.events.publish('annual-plan-paid', paid, tx),
    onPaymentReturned: (returned, tx) => deps.events.publish('payment-returned', returned, tx),
  });
  return {
    service,
    repo,
    /** What other modules may read of a person's payments. */
    published: {
      paymentFor: service.paymentFor,
      fundedRenewalOf: repo.fundedRenewalOf,
      /** Whether a live annual plan pays the bill: a condition on the bill's id in a reader's statement. */
      isPlanPaid: repo.isPlanPaid,
    },
    routes: (app) => registerPaymentRoutes(app, { payments: service }),
    devRoutes: (app) => registerPaymentDevRoutes(app, { payments: service }),
    jobs: paymentsJobHandlers(service),
    exportRows: repo.exportRows,
    /** Every annual-plan payment, for the ledgers' reconciliation. */
    ledgerFigures: { annualPayments: repo.annualPayments },
    // The person's payments go with the account (on delete cascade). A card still held for one
    // goes back in stock; a card handed out stays spent (never issued twice), unlinked from them.
    forget: async ({ userId }) => deps.stock.releaseHeld(await repo.cardIdsOf(userId)),
  } satisfies FeatureModule & { service: unknown; repo: unknown; published: unknown };
}
