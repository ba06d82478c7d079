/** Cancelling subscriptions for the person: options, the call, the person's word, the bank's proof. */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { CallAgent } from '../../providers/call-agent/call-agent';
import type { FieldCipher } from '../../security/encryption';
import type { FeatureModule } from '../feature-module';
import { createCancellationCalls } from './cancellations.calls';
import { cancellationsJobHandlers } from './cancellations.jobs';
import { createCancellationsRepo } from './cancellations.repo';
import { registerCancellationDevRoutes, registerCancellationRoutes } from './cancellations.routes';
import { createCancellationsService } from './cancellations.service';

type ServiceDeps = Parameters<typeof createCancellationsService>[0];

export function createCancellationsModule(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  cipher: FieldCipher;
  agent: CallAgent;
  retryDelaySeconds: number;
  billOf: ServiceDeps['billOf'];
  personOf: ServiceDeps['personOf'];
  chargesOf: ServiceDeps['chargesOf'];
  syncedThrough: ServiceDeps['syncedThrough'];
  effects: ServiceDeps['effects'];
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const repo = createCancellationsRepo(deps.db);
  const clock = deps.clock ?? (() => new Date());
  const service = createCancellationsService({ ...deps, repo, clock });
  const calls = createCancellationCalls({
    repo,
    service,
    agent: deps.agent,
    jobs: deps.jobs,
    billOf: deps.billOf,
    personOf: deps.personOf,
    retryDelaySeconds: deps.retryDelaySeconds,
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
  } satisfies FeatureModule & { service: unknown; repo: unknown; onCallEvents: unknown };
}
