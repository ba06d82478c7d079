/** Rewards toward a free subscription, kept as a ledger: the figures, the history and the jobs. */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DomainEventBus } from '../../events/domain-events';
import type { FeatureModule } from '../feature-module';
import type { Bills } from '../subscriptions/subscriptions.module';
import { rewardsJobHandlers } from './rewards.jobs';
import { createRewardsRepo, type RewardsRepoDeps } from './rewards.repo';
import { registerRewardsRoutes } from './rewards.routes';
import { createRewardsService, type RewardTarget } from './rewards.service';

export function createRewardsModule(deps: {
  db: Db;
  jobs: Pick<JobQueue<AppJobMap>, 'forget' | 'send'>;
  events: DomainEventBus;
  /** The reward rates (docs/configuration.md). */
  config: Pick<Config, 'rewards'>;
  /** The person's bills and their merchants' names (the subscriptions module). */
  bills: Pick<Bills, 'list' | 'merchantsOf' | 'joinable'>;
  /** The person's lock, one balance change at a time (the users module). */
  people: Pick<RewardsRepoDeps, 'lockPerson'>;
  clock?: () => Date;
}) {
  const repo = createRewardsRepo(deps.db, {
    merchantsOf: deps.bills.merchantsOf,
    billMerchants: deps.bills.joinable.merchants,
    lockPerson: deps.people.lockPerson,
  });
  const service = createRewardsService({
    repo,
    rates: deps.config.rewards,
    subscriptionsOf: deps.bills.list,
    onApplied: (target: RewardTarget, tx: Db) => deps.events.publish('reward-applied', target, tx),
    onReturned: (bill: { subscriptionId: string; billDate: string }, tx: Db) =>
      deps.events.publish('reward-returned', bill, tx),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const { send } = deps.jobs;
  deps.events.subscribe({
    // New or changed bills may bring one the balance covers.
    'subscriptions-changed': ({ userId }) =>
      send('rewards-auto-apply', { userId }, { singletonKey: userId }),
    // A negotiated saving earns its reward once the bank shows it (docs/savings.md).
    'saving-verified': async (saving, tx) => {
      if (saving.kind !== 'negotiation' || !saving.sourceKey.startsWith('negotiation:')) return;
      await send(
        'rewards-calculate',
        {
          userId: saving.userId,
          source: 'negotiation',
          sourceId: saving.sourceKey.slice('negotiation:'.length),
          subscriptionId: saving.subscriptionId,
          baseAmountCents: saving.amountCents,
        },
        { tx },
      );
    },
    // An annual plan earns its reward; a returned debit takes it back.
    'annual-plan-paid': (paid, tx) =>
      send(
        'rewards-calculate',
        { ...annualPlanSource(paid), baseAmountCents: paid.amountCents },
        { tx },
      ),
    'payment-returned': (returned, tx) =>
      send(
        'rewards-reverse',
        { ...annualPlanSource(returned), baseAmountCents: returned.amountCents },
        { tx },
      ),
  });
  return {
    service,
    // Its rows go with the account's (on delete cascade); its pending job is keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('rewards-auto-apply', userId),
    exportRows: repo.exportRows,
    /** Every person's entries and the balance each is shown, for the ledgers' reconciliation. */
    ledgerFigures: { rewards: repo.ledgerEntries, balanceCents: service.balanceCents },
    routes: (app) => registerRewardsRoutes(app, { rewards: service }),
    jobs: rewardsJobHandlers(service),
  } satisfies FeatureModule & { service: unknown };
}

function annualPlanSource(payment: { userId: string; paymentId: string; subscriptionId: string }) {
  return {
    userId: payment.userId,
    source: 'annual_plan' as const,
    sourceId: payment.paymentId,
    subscriptionId: payment.subscriptionId,
  };
}
