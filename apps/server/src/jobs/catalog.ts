/**
 * Every background job Billow declares (spec part 2 "Background job catalogue"), and the
 * handlers that run them. Each feature keeps its jobs in its own *.jobs.ts; a worker refuses to
 * start when a declared job has no handler.
 */
import type { Services } from '../deps';
import { bankingJobHandlers, bankingJobs } from '../modules/banking/banking.jobs';
import type { JobHandlers } from './job-map';

export const jobMap = { ...bankingJobs };

export type AppJobMap = typeof jobMap;

export function createJobHandlers(services: Services): JobHandlers<AppJobMap> {
  return { ...bankingJobHandlers(services.banking) };
}
