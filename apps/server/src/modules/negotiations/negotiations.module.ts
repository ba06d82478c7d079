/** Bill negotiation: offers after detection, required information, calls and their outcomes. */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DomainEventBus } from '../../events/domain-events';
import type { CallAgent } from '../../providers/call-agent/call-agent';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { FieldCipher } from '../../security/encryption';
import type { FeatureModule } from '../feature-module';
import type { Bills } from '../subscriptions/subscriptions.module';
import { createNegotiationCalls } from './negotiations.calls';
import { createNegotiationOutcomes } from './negotiations.outcomes';
import { negotiationsJobHandlers } from './negotiations.jobs';
import { createNegotiationsRepo, type NegotiationsRepoDeps } from './negotiations.repo';
import { registerNegotiationRoutes } from './negotiations.routes';
import { createNegotiationsService } from './negotiations.service';

export function createNegotiationsModule(deps: {
  db: Db;
  /** The person's bills, and their new price after a deal (the subscriptions module). */
  bills: NegotiationsRepoDeps['bills'] & Pick<Bills, 'applyNegotiatedPrice'>;
  /** The person's account (the users module). */
  people: Pick<NegotiationsRepoDeps, 'personOf'>;
  /** What else offers read: paid plans (payments) and bills holding a gift card (gift cards). */
  payments: { published: Pick<NegotiationsRepoDeps, 'isPlanPaid'> };
  giftCards: { service: Pick<NegotiationsRepoDeps, 'holdsAssignedCard'> };
  jobs: JobQueue<AppJobMap>;
  cipher: FieldCipher;
  agent: CallAgent;
  sms: SmsSender;
  /** How long a failed call waits before it is tried again (docs/configuration.md). */
  config: { call: Pick<Config['call'], 'retryDelaySeconds'> };
  events: DomainEventBus;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const repo = createNegotiationsRepo(deps.db, {
    isPlanPaid: deps.payments.published.isPlanPaid,
    holdsAssignedCard: deps.giftCards.service.holdsAssignedCard,
    bills: deps.bills,
    personOf: deps.people.personOf,
  });
  const clock = deps.clock ? { clock: deps.clock } : {};
  const service = createNegotiationsService({
    repo,
    cipher: deps.cipher,
    jobs: deps.jobs,
    ...clock,
  });
  const log = deps.log ? { log: deps.log } : {};
  const calls = createNegotiationCalls({
    repo,
    service,
    agent: deps.agent,
    jobs: deps.jobs,
    retryDelaySeconds: deps.config.call.retryDelaySeconds,
    ...clock,
    ...log,
  });
  const outcomes = createNegotiationOutcomes({
    repo,
    jobs: deps.jobs,
    sms: deps.sms,
    // A successful negotiation promises a saving (the savings module keeps it).
    recordSaving: (entry, tx) => deps.events.publish('negotiation-succeeded', entry, tx),
    applyNegotiatedPrice: deps.bills.applyNegotiatedPrice,
    retryDelaySeconds: deps.config.call.retryDelaySeconds,
    ...clock,
    ...log,
  });
  deps.events.subscribe({
    // New or changed subscriptions may make (or drop) negotiation offers.
    'subscriptions-changed': ({ userId }) =>
      deps.jobs.send('negotiations-refresh-offers', { userId }, { singletonKey: userId }),
    // Turning bill negotiation on starts the calls that waited for it.
    'settings-changed': async ({ userId, changes }) => {
      if (changes.is_bill_negotiation_enabled === true) await service.startPendingCalls(userId);
    },
  });
  return {
    service,
    repo,
    routes: (app) => registerNegotiationRoutes(app, { negotiations: service }),
    /** What the call vendor's webhook says about negotiation calls. */
    onCallEvents: calls.onCallEvents,
    jobs: negotiationsJobHandlers(service, calls, outcomes),
    // Its rows go with the account's; its refresh jobs are keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('negotiations-refresh-offers', userId),
    exportRows: repo.exportRows,
    /** Each negotiation that saved money, for the ledgers' reconciliation. */
    ledgerFigures: { negotiatedDeals: repo.settledDeals },
  } satisfies FeatureModule & { service: unknown; repo: unknown };
}
