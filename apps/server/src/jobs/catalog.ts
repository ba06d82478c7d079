/**
 * Every background job Billow runs (docs/jobs.md), put together: each job's payload and queue
 * from `job-payloads.ts`, its options from the one module that owns it (`<module>.jobs.ts`). A
 * worker refuses to start when a job is owned by no module or by two, has no handler, counts
 * under none of the catalogue's 9 queues, or has options outside the catalogue's limits.
 *
 * Only the composition (server start-up, the test app) imports this file; modules import the
 * payloads' types from `job-payloads.ts`, so no module imports its way back here.
 */
import { alertsJobs } from '../modules/alerts/alerts.jobs';
import { bankingJobs } from '../modules/banking/banking.jobs';
import { cancellationsJobs } from '../modules/cancellations/cancellations.jobs';
import { ledgersJobs } from '../modules/ledgers/ledgers.jobs';
import { negotiationsJobs } from '../modules/negotiations/negotiations.jobs';
import { paymentsJobs } from '../modules/payments/payments.jobs';
import { rewardsJobs } from '../modules/rewards/rewards.jobs';
import { savingsJobs } from '../modules/savings/savings.jobs';
import { remindersJobs } from '../modules/reminders/reminders.jobs';
import { subscriptionsJobs } from '../modules/subscriptions/subscriptions.jobs';
import { JOB_LIMITS, type JobMap, type JobOptions } from './job-map';
import {
  JOB_CATALOGUE,
  catalogueQueueOf,
  jobOptionsSchema,
  jobPayloads,
  type AppJobMap,
  type JobName,
} from './job-payloads';

/** Each module's options for the jobs it owns. */
export const jobOwners: Record<string, Partial<Record<JobName, JobOptions>>> = {
  banking: bankingJobs,
  subscriptions: subscriptionsJobs,
  negotiations: negotiationsJobs,
  cancellations: cancellationsJobs,
  payments: paymentsJobs,
  rewards: rewardsJobs,
  savings: savingsJobs,
  ledgers: ledgersJobs,
  reminders: remindersJobs,
  alerts: alertsJobs,
};

/** The jobs the owners declare, each with its payload and its owner's options. */
function jobMapOf(owners: typeof jobOwners): JobMap {
  const map: JobMap = {};
  for (const jobs of Object.values(owners))
    for (const [name, options] of Object.entries(jobs) as [JobName, JobOptions][])
      map[name] = { payload: jobPayloads[name], ...(options ? { options } : {}) };
  return map;
}

export const jobMap = jobMapOf(jobOwners) as AppJobMap;

/** A definition's options as the catalogue's limits word them (docs/jobs.md, "Limits"). */
function catalogueOptionsOf(options: JobOptions = {}) {
  return {
    attempts: (options.retryLimit ?? 3) + 1,
    delaySeconds: options.retryDelaySeconds ?? 5,
    backoff: (options.retryBackoff ?? true) ? ('exponential' as const) : ('fixed' as const),
    concurrency: options.concurrency ?? JOB_LIMITS.concurrencyDefault,
  };
}

function describe(name: string) {
  const kind = (JOB_CATALOGUE as Record<string, { kind: string }>)[name]?.kind;
  return kind ? `"${name}" (${kind})` : `"${name}"`;
}

/** What keeps the catalogue from being complete: each a sentence naming the job. */
export function catalogueProblems(
  map: JobMap,
  handlers: Record<string, unknown>,
  owners: typeof jobOwners = jobOwners,
): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(jobPayloads) as JobName[]) {
    const ownedBy = Object.keys(owners).filter((owner) => name in owners[owner]!);
    if (ownedBy.length > 1) problems.push(`${describe(name)} is owned by ${ownedBy.join(' and ')}`);
    const definition = map[name];
    if (!definition) {
      problems.push(`${describe(name)} is not declared`);
      continue;
    }
    if (definition.payload !== jobPayloads[name])
      problems.push(`"${name}" does not use its payload schema from job-payloads.ts`);
    if (typeof handlers[name] !== 'function') problems.push(`${describe(name)} has no handler`);
  }
  for (const [name, definition] of Object.entries(map)) {
    if (!catalogueQueueOf(name)) problems.push(`"${name}" is on none of the catalogue's 9 queues`);
    const checked = jobOptionsSchema.safeParse(catalogueOptionsOf(definition.options));
    if (!checked.success)
      problems.push(
        `"${name}" has options outside the catalogue's limits: ${checked.error.message}`,
      );
  }
  return problems;
}

export class IncompleteJobCatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(`Billow cannot start: the job catalogue is incomplete: ${problems.join('; ')}`);
    this.name = 'IncompleteJobCatalogueError';
  }
}

export function assertJobCatalogue(map: JobMap, handlers: Record<string, unknown>) {
  const problems = catalogueProblems(map, handlers);
  if (problems.length > 0) throw new IncompleteJobCatalogueError(problems);
}
