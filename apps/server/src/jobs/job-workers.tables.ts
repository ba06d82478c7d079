import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which processes work jobs, and which jobs each holds: a worker process stamps its
 * row every few seconds while it lives, and records the jobs it takes before running them. A
 * process whose stamp stopped died (SIGKILL, a crashed machine): the jobs it held are put back
 * at once by the next worker to notice, instead of waiting for pg-boss's expiry. Owned by the
 * job system (jobs/job-system.ts); pg-boss's own tables are in the `pgboss` schema.
 */
export const jobWorkers = pgTable('job_workers', {
  processId: uuid().primaryKey(),
  /** The host and process id, for an operator reading the table. */
  host: text().notNull(),
  pid: integer().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A pg-boss job being run by a worker process (the row goes when its outcome is stored). */
export const jobClaims = pgTable(
  'job_claims',
  {
    jobId: uuid().primaryKey(),
    processId: uuid().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_claims_process_idx').on(table.processId)],
);
