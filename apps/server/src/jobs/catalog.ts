/**
 * Every background job Billow declares (spec part 2 "Background job catalogue"). Each feature
 * keeps its jobs in its own *.jobs.ts and hands their handlers to the composition; a worker
 * refuses to start when a declared job has no handler.
 */
import { bankingJobs } from '../modules/banking/banking.jobs';
import { negotiationsJobs } from '../modules/negotiations/negotiations.jobs';
import { paymentsJobs } from '../modules/payments/payments.jobs';
import { rewardsJobs } from '../modules/rewards/rewards.jobs';
import { subscriptionsJobs } from '../modules/subscriptions/subscriptions.jobs';

export const jobMap = {
  ...bankingJobs,
  ...subscriptionsJobs,
  ...negotiationsJobs,
  ...paymentsJobs,
  ...rewardsJobs,
};

export type AppJobMap = typeof jobMap;
