/** The savings ledger that negotiations and annual plans write, and the lifetime-savings read. */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DomainEventBus } from '../../events/domain-events';
import type { PublishedBanking } from '../banking/banking.published';
import type { FeatureModule } from '../feature-module';
import { savingsJobHandlers } from './savings.jobs';
import { createSavingsRepo, type SavingsRow } from './savings.repo';
import { registerSavingsRoutes } from './savings.routes';
import { createSavingsService } from './savings.service';
import type { Bills } from '../subscriptions/subscriptions.module';

export function createSavingsModule(deps: {
  db: Db;
  jobs: Pick<JobQueue<AppJobMap>, 'forget' | 'send'>;
  /** What the bank shows of the person's bills (the subscriptions module). */
  bills: Pick<Bills, 'bankChargesOf' | 'bankMonthlyOf'>;
  /** How far the person's linked banks have synced (the banking module). */
  banking: Pick<PublishedBanking, 'syncedThrough'>;
  events: DomainEventBus;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const service = createSavingsService({
    repo: createSavingsRepo(deps.db),
    evidence: {
      chargesOf: deps.bills.bankChargesOf,
      syncedThrough: deps.banking.syncedThrough,
      bankMonthlyOf: deps.bills.bankMonthlyOf,
    },
    onVerified: (row: SavingsRow, tx: Db) => deps.events.publish('saving-verified', row, tx),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  deps.events.subscribe({
    // The bank may now show a promised saving (docs/savings.md).
    'subscriptions-changed': ({ userId }) =>
      deps.jobs.send('savings-verify', { userId }, { singletonKey: userId }),
    // A negotiated saving is promised until the bank shows it; its reward waits for that.
    'negotiation-succeeded': ({ negotiationId: _id, ...entry }, tx) =>
      service.promise({ ...entry, kind: 'negotiation' }, tx),
    // A verified cancellation saves a year of the bill, once (docs/cancellations.md).
    'cancellation-verified': ({ cancellation, on }, tx) =>
      service.record(
        {
          userId: cancellation.userId,
          subscriptionId: cancellation.subscriptionId,
          kind: 'cancellation',
          amountCents: cancellation.yearlyCents,
          sourceKey: `cancellation:${cancellation.id}`,
          occurredAt: new Date(`${on}T12:00:00Z`),
        },
        tx,
      ),
    // An annual plan enters the ledger, priced from the bank-linked charges, never from what the
    // payment claimed; a returned debit takes it back (docs/savings.md).
    'annual-plan-paid': async (paid, tx) => {
      if (paid.savingsCents <= 0) return;
      await service.recordAnnualPlan(
        {
          userId: paid.userId,
          subscriptionId: paid.subscriptionId,
          paymentId: paid.paymentId,
          claimedSavingsCents: paid.savingsCents,
          occurredAt: now(),
        },
        tx,
      );
    },
    'payment-returned': (returned, tx) =>
      service.retract(
        {
          userId: returned.userId,
          kind: 'annual_conversion',
          sourceKey: `payment:${returned.paymentId}`,
        },
        tx,
      ),
  });
  return {
    service,
    routes: (app) => registerSavingsRoutes(app, { savings: service }),
    jobs: savingsJobHandlers(service),
    // Its rows go with the account's (on delete cascade); its pending job is keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('savings-verify', userId),
    /** Every person's entries, for the ledgers' reconciliation. */
    ledgerFigures: { savings: service.allEntries },
  } satisfies FeatureModule & { service: unknown };
}
