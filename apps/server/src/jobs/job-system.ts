/**
 * The pg-boss wrapper. pg-boss lives on the same database as the data (its own `pgboss` schema),
 * so a job can be enqueued in the same transaction that writes the rows it works on.
 *
 * - `queue.send()` validates the payload against the job map before it is stored.
 * - `startWorkers()` refuses to start when a declared job has no handler, runs up to
 *   `concurrency` jobs of a queue at once, and completes or fails each job on its own so one bad
 *   job does not fail its batch; an outcome is stored through a database blip (`settle`). A job
 *   refused by a foreign key (what it works on was deleted meanwhile) is not failed but
 *   completed with `{ skipped }` as its output: no retry could succeed.
 * - `stop()` stops fetching, waits for running jobs, then lets the caller close the database.
 * - Jobs left `active` by a process that died are put back at start-up (`recoverOrphanedJobs`):
 *   on the embedded database all of them, since the starting process is the only one there can
 *   be; on a server only those past their expiry, since other workers may be running the rest.
 * - Besides, every worker process stamps a heartbeat row every HEARTBEAT_MS and records the jobs
 *   it runs (job-workers.tables.ts). At start-up and at each of its own beats, a worker puts back
 *   at once the jobs held by a process whose heartbeat is STALE_AFTER_MS old, or gone
 *   (`recoverAbandonedJobs`): a job of a killed worker is retried within about half a minute,
 *   not after its expiry. A worker stopped gracefully removes its row. (A worker cut off from
 *   the database for that long counts as dead too: its jobs may then run twice, which every
 *   handler is written to bear.)
 * - A job sent from this process wakes this process's workers for its queue as soon as the job
 *   can be fetched, instead of leaving it to the next poll (up to `pollIntervalSeconds`). Sent
 *   in a transaction, it cannot be fetched before the commit: the wake-up waits until the job's
 *   row is visible from outside the transaction (on PGlite that query simply queues behind it).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database';
import {
  JOB_LIMITS,
  type JobHandlers,
  type JobInput,
  type JobMap,
  type JobOptions,
  type JobPayload,
} from './job-map';
import { executeSqlIn } from './sql-in-transaction';
import { safeErrorMessage } from '../http/error-serializer';
import { isForeignKeyViolation } from '../db/foreign-key';
import { isDatabaseUnavailable } from '../db/unavailable';
import { markStartup } from '../startup-times';

export type SendOptions = {
  /** Enqueue inside this Drizzle transaction (commits or rolls back with it). */
  tx?: Db;
  startAfterSeconds?: number;
  singletonKey?: string;
  priority?: number;
};

export type JobQueue<M extends JobMap> = {
  send<K extends keyof M & string>(
    name: K,
    payload: JobInput<M, K>,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Sends many jobs of one kind in one statement, as `send` would one by one (each job's key
   * kept: a 'short' queue still holds one waiting job per key, within the batch too). For a scan
   * that decides over a page of people at once.
   */
  sendMany<K extends keyof M & string>(
    name: K,
    jobs: { payload: JobInput<M, K>; singletonKey?: string }[],
    options?: Pick<SendOptions, 'tx'>,
  ): Promise<void>;
  /** Whether a job of this kind sent with this singleton key is still waiting or running. */
  isPending(name: keyof M & string, singletonKey: string): Promise<boolean>;
  /**
   * Whether a job of this kind was ever sent with this singleton key, in any state, archived ones
   * too: a fan-out retried finds the batches it queued before.
   */
  hasBeenSent(name: keyof M & string, singletonKey: string): Promise<boolean>;
  /** Deletes every job of this kind sent with this singleton key, archived ones too. */
  forget(name: keyof M & string, singletonKey: string): Promise<void>;
};

export type JobSystem<M extends JobMap> = {
  queue: JobQueue<M>;
  boss: PgBoss;
  startWorkers(handlers: Partial<JobHandlers<M>>): Promise<void>;
  /** Puts orphaned active jobs back to be retried now; returns how many. */
  recoverOrphanedJobs(options: { isSoleProcess: boolean }): Promise<number>;
  /** Puts back the jobs of worker processes whose heartbeat stopped; returns how many. */
  recoverAbandonedJobs(): Promise<number>;
  /** This process's id in job_workers (set once workers start). */
  processId: string;
  stop(timeoutMs?: number): Promise<void>;
};

export class MissingJobHandlerError extends Error {
  constructor(readonly names: string[]) {
    super(`Billow cannot start: no handler for job(s) ${names.map((n) => `"${n}"`).join(', ')}`);
    this.name = 'MissingJobHandlerError';
  }
}

type JobSystemOptions<M extends JobMap> = {
  database: Database;
  jobs: M;
  logger: FastifyBaseLogger;
  pollIntervalSeconds: number;
  /** Maintenance and cron scheduling run in processes that work jobs. */
  isWorker: boolean;
  /** How often a worker process stamps its heartbeat (tests slow it down to play dead). */
  heartbeatMs?: number;
};

/** A worker process's heartbeat: every few seconds; one this old means the process died. */
const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

/** How often, and for how long, a wake-up looks for a job sent in a still-open transaction. */
const WAKE_CHECK_MS = 20;
const WAKE_GIVE_UP_MS = 5_000;
/** How long a finished job's outcome is retried while the database is unavailable. */
const SETTLE_FIRST_PAUSE_MS = 250;
const SETTLE_GIVE_UP_MS = 60_000;

function queueOptions(options: JobOptions = {}) {
  return {
    policy: options.policy ?? 'standard',
    retryLimit: options.retryLimit ?? 3,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff: options.retryBackoff ?? true,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
  };
}

type QueueSettings = ReturnType<typeof queueOptions>;

/** Every queue's settings as start-up sets them, for naming the embedded database's template. */
export function queueSettingsOf(jobs: JobMap): Record<string, QueueSettings> {
  return Object.fromEntries(
    Object.entries(jobs).map(([name, definition]) => [name, queueOptions(definition.options)]),
  );
}

function isQueueAsSet(queue: PgBoss.QueueResult, settings: QueueSettings): boolean {
  return (
    queue.policy === settings.policy &&
    queue.retryLimit === settings.retryLimit &&
    queue.retryDelay === settings.retryDelay &&
    queue.retryBackoff === settings.retryBackoff &&
    queue.expireInSeconds === settings.expireInSeconds
  );
}

/**
 * Creates each job's queue, or brings its settings up to date, in a few statements at start-up
 * rather than three per queue: the queues are read once and only the new or changed
 * ones are written, with their waiting jobs.
 */
async function setUpQueues(
  boss: PgBoss,
  database: Database,
  jobs: JobMap,
  logger: FastifyBaseLogger,
): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  const wanted = Object.entries(jobs).map(([name, definition]) => ({
    name,
    settings: queueOptions(definition.options),
  }));
  const changed = wanted.filter(({ name, settings }) => {
    const queue = existing.get(name);
    return queue !== undefined && !isQueueAsSet(queue, settings);
  });
  for (const { name, settings } of wanted)
    if (!existing.has(name)) await boss.createQueue(name, { name, ...settings });
  for (const { name, settings } of changed) {
    // pg-boss copies policy and expiry into each job when it is sent: jobs already waiting
    // follow a changed queue, or an old 'stately' job could still block the queue's fetches.
    // Before the queue itself, so a start cut short between the two finds the queue still
    // changed and does both again.
    await database
      .executeSql(
        `UPDATE pgboss.job SET policy = $2, expire_in = make_interval(secs => $3)
         WHERE name = $1 AND state < 'completed'
           AND (policy IS DISTINCT FROM $2 OR expire_in <> make_interval(secs => $3))`,
        [name, settings.policy, settings.expireInSeconds],
      )
      .catch((error: unknown) =>
        logger.warn({ err: error, job: name }, 'waiting jobs keep their old queue settings'),
      );
    await boss.updateQueue(name, { name, ...settings });
  }
}

export async function startJobSystem<M extends JobMap>(
  options: JobSystemOptions<M>,
): Promise<JobSystem<M>> {
  const { database, jobs, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: options.isWorker,
    schedule: options.isWorker,
    migrate: true,
  });
  // A worker's fetch or pg-boss's upkeep failing during a database blip is tried again at the
  // next poll: a warning, not an error.
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error))
      logger.warn({ err: error }, 'the job system could not reach the database; trying again');
    else logger.error({ err: error }, 'job system error');
  });
  await boss.start();
  markStartup('job queue schema checked');
  await setUpQueues(boss, database, jobs, logger);
  markStartup('job queues set up');

  /** pg-boss worker ids of this process, by queue name (filled by startWorkers). */
  const workerIds = new Map<string, string[]>();
  let isStopping = false;

  async function isVisible(jobId: string) {
    const { rows } = await database.executeSql('SELECT 1 FROM pgboss.job WHERE id = $1', [jobId]);
    return rows.length > 0;
  }

  /** Wakes this process's workers for `name` once job `jobId` can be fetched; never throws. */
  async function wakeWorkers(name: string, jobId: string, isInTransaction: boolean) {
    const ids = workerIds.get(name);
    if (!ids || ids.length === 0) return;
    try {
      if (isInTransaction) {
        const giveUpAt = Date.now() + WAKE_GIVE_UP_MS;
        while (!isStopping && !(await isVisible(jobId))) {
          // Rolled back, or still open: the worker's own polling remains the fallback.
          if (Date.now() > giveUpAt) return;
          await new Promise((resolve) => setTimeout(resolve, WAKE_CHECK_MS));
        }
      }
      if (!isStopping) for (const id of ids) boss.notifyWorker(id);
    } catch (error) {
      logger.debug({ err: error, job: name }, 'could not wake the workers; they poll anyway');
    }
  }

  async function recoverOrphanedJobs({ isSoleProcess }: { isSoleProcess: boolean }) {
    const { rows } = await database.executeSql(
      `UPDATE pgboss.job SET
         state = (CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END)::pgboss.job_state,
         -- due at once: fetch wants start_after < now(), and PGlite's clock ticks in milliseconds
         start_after = now() - interval '1 second',
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = '{"message":"the process running this job stopped"}'::jsonb
       WHERE name = ANY($1::text[]) AND state = 'active'
         AND ($2::boolean OR started_on + expire_in < now())
       RETURNING name, id`,
      [Object.keys(jobs), isSoleProcess],
    );
    for (const row of rows)
      logger.warn({ job: row.name, jobId: row.id }, 'job orphaned by a stopped process; retrying');
    return rows.length;
  }

  const processId = crypto.randomUUID();
  let heartbeat: NodeJS.Timeout | undefined;

  /**
   * Puts back, due at once, the active jobs claimed by worker processes whose heartbeat is stale
   * or whose row is gone, and forgets those processes and their claims: of every queue, since
   * worker processes may each work other queues. An active job without a claim is put back
   * once it has been active for as long: its process died between fetching it and claiming it.
   */
  async function recoverAbandonedJobs() {
    const stale = `${STALE_AFTER_MS / 1000} seconds`;
    const { rows } = await database.executeSql(
      `WITH gone AS (
         SELECT c.job_id FROM job_claims c LEFT JOIN job_workers w USING (process_id)
         WHERE c.process_id <> $1::uuid
           AND (w.process_id IS NULL OR w.heartbeat_at < now() - $2::interval)
         UNION
         -- Fetched by a process that died before it could record its claim: every live worker
         -- records one at once, so an active job of ours with none for this long has no worker.
         SELECT j.id FROM pgboss.job j
         WHERE j.name = ANY($3::text[]) AND j.state = 'active'
           AND j.started_on < now() - $2::interval
           AND NOT EXISTS (SELECT 1 FROM job_claims c WHERE c.job_id = j.id)
       )
       UPDATE pgboss.job SET
         state = (CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END)::pgboss.job_state,
         start_after = now() - interval '1 second',
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = '{"message":"the worker process running this job stopped"}'::jsonb
       WHERE state = 'active' AND id IN (SELECT job_id FROM gone)
       RETURNING name, id`,
      [processId, stale, Object.keys(jobs)],
    );
    await database.executeSql(
      `DELETE FROM job_claims c WHERE c.process_id <> $1::uuid AND NOT EXISTS (
         SELECT 1 FROM job_workers w WHERE w.process_id = c.process_id
           AND w.heartbeat_at >= now() - $2::interval)`,
      [processId, stale],
    );
    await database.executeSql(
      `DELETE FROM job_workers WHERE process_id <> $1::uuid AND heartbeat_at < now() - $2::interval`,
      [processId, stale],
    );
    for (const row of rows)
      logger.warn(
        { job: row.name, jobId: row.id },
        'job held by a worker process that stopped; retrying now',
      );
    return rows.length;
  }

  /** Stamps this process's heartbeat, then looks for workers whose heartbeat stopped. */
  async function beat() {
    try {
      await database.executeSql(
        `INSERT INTO job_workers (process_id, host, pid) VALUES ($1, $2, $3)
         ON CONFLICT (process_id) DO UPDATE SET heartbeat_at = now()`,
        [processId, os.hostname(), process.pid],
      );
      await recoverAbandonedJobs();
    } catch (error) {
      logger.warn({ err: error }, 'could not stamp the worker heartbeat; trying again');
    }
  }

  /**
   * Records a job's outcome, through a database blip: tried again after a growing pause while
   * the database is unavailable, for up to a minute. Never throws: a job whose outcome could not
   * be stored stays active and is retried after its expiry, like a job of a stopped process.
   * Each job's outcome is stored here, one by one, so pg-boss's own completion of the batch
   * afterwards finds nothing left to do (and a failure of it harms nothing).
   */
  async function settle(
    name: string,
    jobId: string,
    outcome: 'complete' | 'fail' | 'cancel',
    store: () => Promise<unknown>,
  ) {
    const error = await throughBlips(store);
    if (error)
      logger.error(
        { job: name, jobId, outcome, err: error },
        'could not store the outcome of a job; it runs again after its expiry',
      );
  }

  /** Runs `store`, again after a growing pause while the database is unavailable; its error. */
  async function throughBlips(store: () => Promise<unknown>): Promise<unknown> {
    const giveUpAt = Date.now() + SETTLE_GIVE_UP_MS;
    for (let pauseMs = SETTLE_FIRST_PAUSE_MS; ; pauseMs = Math.min(pauseMs * 2, 5_000)) {
      try {
        await store();
        return undefined;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + pauseMs > giveUpAt) return error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  const queue: JobQueue<M> = {
    async send(name, payload, sendOptions = {}) {
      const definition = jobs[name];
      if (!definition) throw new Error(`Unknown job "${name}"`);
      const data = definition.payload.parse(payload) as object;
      // A 'short' queue keeps one waiting job per singleton key: unkeyed, one person's job
      // would silently drop another's. Only a scheduled, everyone-at-once job goes unkeyed.
      if (
        definition.options?.policy === 'short' &&
        !definition.options.schedule &&
        !sendOptions.singletonKey
      )
        throw new Error(`"${name}" keeps one waiting job per key: send it with a singletonKey`);
      const jobId = await boss.send(name, data, {
        ...(sendOptions.tx ? { db: { executeSql: executeSqlIn(sendOptions.tx) } } : {}),
        // As an instant, not a number of seconds: pg-boss casts a number string both to an
        // interval and to a timestamp, and inside a transaction's prepared statement the
        // timestamp cast of '60' fails ("date/time field value out of range").
        ...(sendOptions.startAfterSeconds
          ? { startAfter: new Date(Date.now() + sendOptions.startAfterSeconds * 1000) }
          : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
      });
      // Not awaited: inside a transaction, the job only becomes visible once the caller commits.
      if (jobId && !sendOptions.startAfterSeconds)
        void wakeWorkers(name, jobId, sendOptions.tx !== undefined);
      return jobId;
    },
    async sendMany(name, many, sendOptions = {}) {
      if (many.length === 0) return;
      const definition = jobs[name];
      if (!definition) throw new Error(`Unknown job "${name}"`);
      const rows = many.map(({ payload, singletonKey }) => {
        if (definition.options?.policy === 'short' && !definition.options.schedule && !singletonKey)
          throw new Error(`"${name}" keeps one waiting job per key: send it with a singletonKey`);
        return {
          id: crypto.randomUUID(),
          name,
          data: definition.payload.parse(payload) as object,
          ...(singletonKey ? { singletonKey } : {}),
        };
      });
      const executeSql = sendOptions.tx
        ? executeSqlIn(sendOptions.tx)
        : (text: string, values?: unknown[]) => database.executeSql(text, values);
      await boss.insert(rows, { db: { executeSql } });
      // pg-boss's batch insert returns no ids, and a job whose key was waiting already is not
      // stored: wake the workers for one that was, if any.
      const { rows: stored } = await executeSql(
        'SELECT id FROM pgboss.job WHERE id = ANY($1::uuid[]) LIMIT 1',
        [rows.map((row) => row.id)],
      );
      const first = stored[0] as { id: string } | undefined;
      if (first) void wakeWorkers(name, first.id, sendOptions.tx !== undefined);
    },
    async isPending(name, singletonKey) {
      const { rows } = await database.executeSql(
        `SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2
           AND state IN ('created', 'retry', 'active') LIMIT 1`,
        [name, singletonKey],
      );
      return rows.length > 0;
    },
    async hasBeenSent(name, singletonKey) {
      for (const table of ['pgboss.job', 'pgboss.archive']) {
        const { rows } = await database.executeSql(
          `SELECT 1 FROM ${table} WHERE name = $1 AND singleton_key = $2 LIMIT 1`,
          [name, singletonKey],
        );
        if (rows.length > 0) return true;
      }
      return false;
    },
    async forget(name, singletonKey) {
      for (const table of ['pgboss.job', 'pgboss.archive']) {
        await database.executeSql(`DELETE FROM ${table} WHERE name = $1 AND singleton_key = $2`, [
          name,
          singletonKey,
        ]);
      }
    },
  };

  async function startWorkers(handlers: Partial<JobHandlers<M>>): Promise<void> {
    const missing = Object.keys(jobs).filter((name) => typeof handlers[name] !== 'function');
    if (missing.length > 0) throw new MissingJobHandlerError(missing);
    // PGlite belongs to this one process: whatever is still marked running, nobody is running.
    await recoverOrphanedJobs({ isSoleProcess: database.kind === 'pglite' });
    await beat();
    heartbeat = setInterval(() => void beat(), options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();

    for (const [name, definition] of Object.entries(jobs)) {
      if (definition.options?.schedule) {
        await boss.schedule(name, definition.options.schedule, {}, { tz: 'UTC' });
      }
    }
    for (const [name, definition] of Object.entries(jobs)) {
      const handler = handlers[name as keyof M]!;
      const concurrency = Math.min(
        definition.options?.concurrency ?? JOB_LIMITS.concurrencyDefault,
        JOB_LIMITS.concurrencyMax,
      );
      const workerId = await boss.work(
        name,
        {
          batchSize: concurrency,
          pollingIntervalSeconds: options.pollIntervalSeconds,
          includeMetadata: true,
        },
        async (batch) => {
          // Recorded before running, so that if this process dies the jobs are known to be its
          // (unclaimed, they would be taken for a dead process's: see recoverAbandonedJobs).
          const ids = batch.map((job) => job.id);
          const unclaimed = await throughBlips(() =>
            database.executeSql(
              `INSERT INTO job_claims (job_id, process_id)
               SELECT unnest($1::uuid[]), $2::uuid ON CONFLICT (job_id) DO UPDATE
               SET process_id = excluded.process_id, claimed_at = now()`,
              [ids, processId],
            ),
          );
          if (unclaimed)
            logger.warn(
              { err: unclaimed, job: name },
              'could not record the jobs this worker holds',
            );
          await Promise.all(
            batch.map(async (job) => {
              const parsed = definition.payload.safeParse(job.data);
              if (!parsed.success) {
                // A payload that does not parse never will; retrying it only repeats the error.
                logger.error({ job: name, jobId: job.id }, 'job payload is invalid; cancelled');
                await settle(name, job.id, 'cancel', () => boss.cancel(name, job.id));
                return;
              }
              try {
                await handler(parsed.data as JobPayload<M, typeof name>, {
                  jobId: job.id,
                  attempt: job.retryCount + 1,
                  queue: name,
                });
              } catch (reason) {
                const error = reason instanceof Error ? reason : new Error(String(reason));
                // What the job works on was deleted (a person deleted their account or a bill
                // meanwhile): no retry can bring it back, and nothing went wrong. Skipped.
                if (isForeignKeyViolation(error)) {
                  logger.info(
                    { job: name, jobId: job.id, err: error },
                    'job skipped: what it works on was deleted',
                  );
                  await settle(name, job.id, 'complete', () =>
                    boss.complete(name, job.id, { skipped: safeErrorMessage(error) }),
                  );
                  return;
                }
                logger.warn(
                  { job: name, jobId: job.id, attempt: job.retryCount + 1, err: error },
                  'job attempt failed',
                );
                // The failure is stored in pg-boss's table: no SQL parameters (phone numbers…) in it.
                await settle(name, job.id, 'fail', () =>
                  boss.fail(name, job.id, { message: safeErrorMessage(error) }),
                );
                return;
              }
              await settle(name, job.id, 'complete', () => boss.complete(name, job.id));
            }),
          );
          await database
            .executeSql('DELETE FROM job_claims WHERE job_id = ANY($1::uuid[])', [ids])
            .catch(() => undefined); // left over: removed when this process's row goes
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
    }
  }

  return {
    queue,
    boss,
    startWorkers,
    recoverOrphanedJobs,
    recoverAbandonedJobs,
    processId,
    async stop(timeoutMs = 30_000) {
      isStopping = true;
      clearInterval(heartbeat);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      if (heartbeat)
        await database
          .executeSql('DELETE FROM job_workers WHERE process_id = $1', [processId])
          .catch(() => undefined); // left behind: others forget it once it is stale
    },
  };
}
