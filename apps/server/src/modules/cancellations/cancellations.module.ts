/** Cancelling subscriptions for the person: options, the call, the person's word, the bank's proof. */
import type { ProfileInfo } from '@billow/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DomainEventBus } from '../../events/domain-events';
import type { CallAgent } from '../../providers/call-agent/call-agent';
import type { FieldCipher } from '../../security/encryption';
import type { PublishedBanking } from '../banking/banking.published';
import type { FeatureModule } from '../feature-module';
import type { Bills } from '../subscriptions/subscriptions.module';
import { createCancellationCalls } from './cancellations.calls';
import { cancellationsJobHandlers } from './cancellations.jobs';
import { createCancellationsRepo } from './cancellations.repo';
import { registerCancellationDevRoutes, registerCancellationRoutes } from './cancellations.routes';
import { createCancellationsService } from './cancellations.service';

export function createCancellationsModule(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  cipher: FieldCipher;
  agent: CallAgent;
  /** How long a failed call waits before it is tried again (docs/configuration.md). */
  config: { call: Pick<Config['call'], 'retryDelaySeconds'> };
  /** The person's bill and what the bank shows of it (the subscriptions module). */
  bills: Pick<Bills, 'billOf' | 'merchantChargesOf'>;
  /** How far the person's linked banks have synced (the banking module). */
  banking: Pick<PublishedBanking, 'syncedThrough'>;
  /** The person's profile (the users module), for what a call may say on their behalf. */
  people: { profile: (userId: string) => Promise<ProfileInfo> };
  events: DomainEventBus;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const repo = createCancellationsRepo(deps.db);
  const clock = deps.clock ?? (() => new Date());
  const personOf = async (userId: string) => {
    const profile = await deps.people.profile(userId);
    return {
      legalName: profile.user_legal_name,
      email: profile.email,
      phoneNumber: profile.phone_number,
      gender: profile.gender,
    };
  };
  const service = createCancellationsService({
    ...deps,
    repo,
    clock,
    personOf,
    billOf: deps.bills.billOf,
    chargesOf: deps.bills.merchantChargesOf,
    syncedThrough: deps.banking.syncedThrough,
    // What the bank showed after a cancellation, for the modules that react (docs/cancellations.md).
    effects: {
      verified: (cancellation, on, tx) =>
        deps.events.publish('cancellation-verified', { cancellation, on }, tx),
      chargedAfter: (cancellation, charge, tx) =>
        deps.events.publish('charged-after-cancellation', { cancellation, charge }, tx),
    },
  });
  deps.events.subscribe({
    // ... and whether a cancelled subscription stopped charging, or did not.
    'subscriptions-changed': ({ userId }) =>
      deps.jobs.send('cancellations-verify-person', { userId }, { singletonKey: userId }),
  });
  const calls = createCancellationCalls({
    repo,
    service,
    agent: deps.agent,
    jobs: deps.jobs,
    billOf: deps.bills.billOf,
    personOf,
    retryDelaySeconds: deps.config.call.retryDelaySeconds,
    clock,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return {
    service,
    repo,
    routes: (app) => registerCancellationRoutes(app, { cancellations: service }),
    devRoutes: (app) => registerCancellationDevRoutes(app, { repo, clock }),
    jobs: cancellationsJobHandlers(service, calls),
    /** What the call vendor's webhook says about cancellation calls. */
    onCallEvents: calls.onCallEvents,
    // Its rows go with the account's (on delete cascade); its per-person job is keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('cancellations-verify-person', userId),
  } satisfies FeatureModule & { service: unknown; repo: unknown };
}
