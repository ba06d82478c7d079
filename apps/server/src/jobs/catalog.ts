/**
 * Every background job Billow declares (docs/jobs.md). Each feature
 * keeps its jobs in its own *.jobs.ts and hands their handlers to the composition; a worker
 * refuses to start when a declared job has no handler, and when a kind of the catalogue
 * (packages/contracts jobs.ts) is not declared with its contract payload, within the catalogue's
 * option limits, and handled.
 *
 * Queues: pg-boss keeps one queue per job name, so each kind is its own pg-boss queue (its own
 * retry policy, expiry and concurrency) and the catalogue's 9 named queues are groups of them
 * (`JOB_CATALOGUE[kind].queue` in contracts): the operator view and the logged queue figures
 * count by those groups.
 */
import {
  JOB_CATALOGUE,
  JOB_LIMITS,
  jobOptionsSchema,
  jobPayloads,
  catalogueQueueOf,
  type JobKind,
} from '@billow/contracts';
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
import type { JobMap, JobOptions } from './job-map';

export const jobMap = {
  ...bankingJobs,
  ...subscriptionsJobs,
  ...negotiationsJobs,
  ...cancellationsJobs,
  ...paymentsJobs,
  ...rewardsJobs,
  ...savingsJobs,
  ...ledgersJobs,
  ...remindersJobs,
  ...alertsJobs,
};

export type AppJobMap = typeof jobMap;

/** A definition's options as the catalogue's limits word them (docs/jobs.md, "Limits"). */
export function catalogueOptionsOf(options: JobOptions = {}) {
  return {
    attempts: (options.retryLimit ?? 3) + 1,
    delaySeconds: options.retryDelaySeconds ?? 5,
    backoff: (options.retryBackoff ?? true) ? ('exponential' as const) : ('fixed' as const),
    concurrency: options.concurrency ?? JOB_LIMITS.concurrencyDefault,
  };
}

/** What keeps the catalogue from being complete: each a sentence naming the job. */
export function catalogueProblems(map: JobMap, handlers: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(JOB_CATALOGUE) as JobKind[]) {
    const definition = map[name];
    if (!definition) {
      problems.push(`"${name}" (${JOB_CATALOGUE[name].kind}) is not declared`);
      continue;
    }
    if (definition.payload !== jobPayloads[name])
      problems.push(`"${name}" does not use its payload schema from packages/contracts`);
    if (typeof handlers[name] !== 'function')
      problems.push(`"${name}" (${JOB_CATALOGUE[name].kind}) has no handler`);
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
