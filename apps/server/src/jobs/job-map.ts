/**
 * A typed job map: job name → zod payload → options. Billow's map is put together in
 * `catalog.ts` (payloads from `job-payloads.ts`, options from each module's `*.jobs.ts`) and
 * handlers are supplied separately, so a worker process can refuse to start when a declared job
 * has nobody to run it.
 */
import type { z } from 'zod';

/** The limits every job's options keep (docs/jobs.md, "Limits"). */
export const JOB_LIMITS = {
  priorityMin: 1,
  priorityMax: 100,
  attemptsMin: 1,
  attemptsMax: 10,
  concurrencyDefault: 5,
  concurrencyMax: 50,
  scanBatchSizeDefault: 100,
  rateLimiterMinDurationMs: 1000,
} as const;

export type JobOptions = {
  /**
   * Retries after the first attempt (docs/jobs.md, "Limits": attempts 1 to 10, so retryLimit 0 to
   * 9).
   */
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelaySeconds?: number;
  /** Exponential back-off (doubles each retry, with jitter) instead of a fixed delay. */
  retryBackoff?: boolean;
  /** How long one attempt may run before it counts as failed. */
  expireInSeconds?: number;
  /**
   * How many jobs of this queue one worker runs at once (docs/jobs.md, "Limits": 1 to 50, default
   * 5).
   */
  concurrency?: number;
  /**
   * pg-boss queue policy: 'short' keeps at most one waiting job per singleton key (e.g. one
   * queued sync per bank item), 'standard' has no such limit. 'stately' and 'singleton' also allow
   * one running job per key through a unique index, and one job left running by a dead process
   * makes every fetch of the queue fail on it: keep exclusion in the handler instead.
   */
  policy?: 'standard' | 'stately' | 'singleton' | 'short';
  /** A cron expression (UTC): the job is enqueued on this schedule by the workers. */
  schedule?: string;
};

export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  payload: P;
  options?: JobOptions;
};

export type JobMap = Record<string, JobDefinition>;

export function defineJobs<const M extends JobMap>(map: M): M {
  return map;
}

export type JobPayload<M extends JobMap, K extends keyof M> = z.output<M[K]['payload']>;

/** What a sender passes: defaults (a scan's batch size) may be left out. */
export type JobInput<M extends JobMap, K extends keyof M> = z.input<M[K]['payload']>;

type JobContext = { jobId: string; attempt: number; queue: string };

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export type JobHandlers<M extends JobMap> = {
  [K in keyof M]: JobHandler<JobPayload<M, K>>;
};
