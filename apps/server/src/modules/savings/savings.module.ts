/** The savings ledger that negotiations and annual plans write, and the lifetime-savings read. */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FeatureModule } from '../feature-module';
import { savingsJobHandlers } from './savings.jobs';
import { createSavingsRepo, type SavingsRow } from './savings.repo';
import { registerSavingsRoutes } from './savings.routes';
import { createSavingsService, type BankEvidence } from './savings.service';

export function createSavingsModule(deps: {
  db: Db;
  jobs: Pick<JobQueue<AppJobMap>, 'forget'>;
  evidence: BankEvidence;
  onVerified: (row: SavingsRow, tx: Db) => Promise<void>;
  clock?: () => Date;
}) {
  const service = createSavingsService({
    repo: createSavingsRepo(deps.db),
    evidence: deps.evidence,
    onVerified: deps.onVerified,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    routes: (app) => registerSavingsRoutes(app, { savings: service }),
    jobs: savingsJobHandlers(service),
    // Its rows go with the account's (on delete cascade); its pending job is keyed by the person.
    forget: ({ userId }) => deps.jobs.forget('savings-verify', userId),
  } satisfies FeatureModule & { service: unknown };
}
