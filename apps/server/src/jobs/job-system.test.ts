import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { defineJobs } from './job-map';
import { MissingJobHandlerError, STALE_AFTER_MS, startJobSystem } from './job-system';

const logger = pino({ level: 'silent' });

const testJobs = defineJobs({
  'test.flaky': {
    payload: z.object({ key: z.string().uuid(), failTimes: z.number().int().min(0) }),
    options: { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true, concurrency: 2 },
  },
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(startJobSystem.name, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('retries a failing job with the back-off its definition asks for until it succeeds', async () => {
    const attempts: number[] = [];
    const jobs = await startJobSystem({
      database,
      jobs: testJobs,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: true,
    });
    await jobs.startWorkers({
      'test.flaky': async (payload, context) => {
        attempts.push(context.attempt);
        if (context.attempt <= payload.failTimes)
          throw new Error(`attempt ${context.attempt} fails`);
      },
    });
    const id = await jobs.queue.send('test.flaky', { key: crypto.randomUUID(), failTimes: 2 });
    expect(id).toBeTruthy();

    const job = await waitFor(async () => {
      const found = await jobs.boss.getJobById('test.flaky', id!);
      return found?.state === 'completed' ? found : undefined;
    });
    await jobs.stop();

    expect(job.retryCount).toBe(2);
    expect(attempts).toEqual([1, 2, 3]);
    // pg-boss spaces the retries (retryDelay, doubled per retry with back-off); what is ours to
    // get right is that the job reaches the queue with the definition's retry policy.
    expect(job).toMatchObject({ retryLimit: 3, retryDelay: 1, retryBackoff: true });
  });

  it('wakes its workers for a job it sends, in a transaction or not, without waiting for the poll', async () => {
    // A poll far longer than the wait below: a job done in time was fetched on a wake-up.
    const jobs = await startJobSystem({
      database,
      jobs: testJobs,
      logger,
      pollIntervalSeconds: 600,
      isWorker: true,
    });
    const done = new Set<string>();
    await jobs.startWorkers({
      'test.flaky': async (payload) => {
        done.add(payload.key);
      },
    });
    const isDone = (key: string) => async () => (done.has(key) ? true : undefined);
    // The first job may be caught by the workers' first fetch; the later ones cannot be.
    const first = crypto.randomUUID();
    await jobs.queue.send('test.flaky', { key: first, failTimes: 0 });
    await waitFor(isDone(first));
    const plain = crypto.randomUUID();
    await jobs.queue.send('test.flaky', { key: plain, failTimes: 0 });
    await waitFor(isDone(plain));
    const inTransaction = crypto.randomUUID();
    await database.db.transaction(async (tx) => {
      await jobs.queue.send('test.flaky', { key: inTransaction, failTimes: 0 }, { tx });
      // Still uncommitted: nothing can have fetched it yet.
      expect(done.has(inTransaction)).toBe(false);
    });
    await waitFor(isDone(inTransaction));
    await jobs.stop();
  });

  it('refuses to start workers when a declared job has no handler', async () => {
    const jobs = await startJobSystem({
      database,
      jobs: testJobs,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: true,
    });
    await expect(jobs.startWorkers({})).rejects.toThrow(MissingJobHandlerError);
    await expect(jobs.startWorkers({})).rejects.toThrow('no handler for job(s) "test.flaky"');
    await jobs.stop();
  });

  it('refuses a payload that does not match the job map before storing it', async () => {
    const jobs = await startJobSystem({
      database,
      jobs: testJobs,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    await expect(
      jobs.queue.send('test.flaky', { key: 'not-a-uuid', failTimes: 0 }),
    ).rejects.toThrow();
    await jobs.stop();
  });

  it("refuses a job of a 'short' queue sent without a key, unless the queue runs on a schedule", async () => {
    const jobs = await startJobSystem({
      database,
      jobs: defineJobs({
        'test.per-person': {
          payload: z.object({ userId: z.string() }),
          options: { policy: 'short' },
        },
        'test.everyone': {
          payload: z.object({}),
          options: { policy: 'short', schedule: '0 * * * *' },
        },
      }),
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    await expect(jobs.queue.send('test.per-person', { userId: 'a' })).rejects.toThrow(
      /singletonKey/,
    );
    const first = await jobs.queue.send('test.per-person', { userId: 'a' }, { singletonKey: 'a' });
    const second = await jobs.queue.send('test.per-person', { userId: 'b' }, { singletonKey: 'b' });
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(await jobs.queue.send('test.everyone', {})).toBeTruthy();
    await jobs.stop();
  });

  it('enqueues inside a transaction and drops the job when the transaction rolls back', async () => {
    const jobs = await startJobSystem({
      database,
      jobs: testJobs,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    const key = crypto.randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.queue.send('test.flaky', { key, failTimes: 0 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committedKey = crypto.randomUUID();
    await database.db.transaction(async (tx) => {
      await jobs.queue.send('test.flaky', { key: committedKey, failTimes: 0 }, { tx });
    });
    const rows = await database.db.execute<{ key: string }>(
      sql`select data->>'key' as key from pgboss.job where name = 'test.flaky'`,
    );
    const keys = (rows as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    expect(keys).toContain(committedKey);
    expect(keys).not.toContain(key);
    await jobs.stop();
  });

  it("sends many jobs at once as one by one: a 'short' queue's keys kept, the queue's settings, a rolled-back transaction's dropped", async () => {
    const jobs = await startJobSystem({
      database,
      jobs: defineJobs({
        'test.many': {
          payload: z.object({ userId: z.string() }),
          options: { policy: 'short', retryLimit: 4, expireInSeconds: 120 },
        },
      }),
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    const waiting = async () => {
      const rows = await database.db.execute<{
        userId: string;
        retryLimit: number;
        expireSeconds: number;
      }>(
        sql`select data->>'userId' as "userId", retry_limit as "retryLimit",
              extract(epoch from expire_in)::int as "expireSeconds"
            from pgboss.job where name = 'test.many' and state = 'created' order by 1`,
      );
      return (rows as unknown as { rows: unknown[] }).rows;
    };
    await jobs.queue.send('test.many', { userId: 'a' }, { singletonKey: 'a' });
    await expect(jobs.queue.sendMany('test.many', [{ payload: { userId: 'b' } }])).rejects.toThrow(
      /singletonKey/,
    );
    await expect(
      jobs.queue.sendMany('test.many', [{ payload: { userId: 7 as never }, singletonKey: 'c' }]),
    ).rejects.toThrow();
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.queue.sendMany('test.many', [{ payload: { userId: 'd' }, singletonKey: 'd' }], {
          tx,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // 'a' waits already and 'b' comes twice: one waiting job each, as `send` would leave.
    await database.db.transaction((tx) =>
      jobs.queue.sendMany(
        'test.many',
        ['a', 'b', 'b', 'c'].map((userId) => ({ payload: { userId }, singletonKey: userId })),
        { tx },
      ),
    );
    expect(await waiting()).toEqual(
      ['a', 'b', 'c'].map((userId) => ({ userId, retryLimit: 4, expireSeconds: 120 })),
    );
    await jobs.stop();
  });

  it('moves waiting jobs to a changed queue policy, and puts back jobs a dead process left running', async () => {
    const stately = defineJobs({
      'test.policy': {
        payload: z.object({ key: z.string().uuid(), failTimes: z.number().int().min(0) }),
        options: { policy: 'stately', expireInSeconds: 900 },
      },
    });
    const before = await startJobSystem({
      database,
      jobs: stately,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    const key = crypto.randomUUID();
    await before.queue.send('test.policy', { key, failTimes: 0 }, { singletonKey: key });
    await before.queue.send('test.policy', { key: crypto.randomUUID(), failTimes: 0 });
    const [running] = await before.boss.fetch('test.policy');
    await before.stop(1000);

    // Started again with the queue relaxed to 'short' and a shorter expiry: jobs follow.
    const short = defineJobs({
      'test.policy': {
        ...stately['test.policy'],
        options: { policy: 'short', expireInSeconds: 60 },
      },
    });
    const after = await startJobSystem({
      database,
      jobs: short,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    const rows = await database.executeSql(
      `select policy, extract(epoch from expire_in)::int as expire from pgboss.job where name = 'test.policy'`,
    );
    expect(rows.rows).toEqual([
      { policy: 'short', expire: 60 },
      { policy: 'short', expire: 60 },
    ]);

    // On a server a running job within its expiry may be a live worker's; alone, it is orphaned.
    expect(await after.recoverOrphanedJobs({ isSoleProcess: false })).toBe(0);
    expect(await after.recoverOrphanedJobs({ isSoleProcess: true })).toBe(1);
    const recovered = await after.boss.getJobById('test.policy', running!.id);
    expect(recovered?.state).toBe('retry');
    expect(
      (await after.boss.fetch('test.policy', { batchSize: 5 })).map((job) => job.id),
    ).toContain(running!.id);
    await after.stop(1000);
  });

  it('ends a job whose subject was deleted as skipped, not failed, without retrying it', async () => {
    const attempts: number[] = [];
    const key = crypto.randomUUID();
    const jobs = await startJobSystem({
      database,
      jobs: testJobs,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: true,
    });
    await jobs.startWorkers({
      'test.flaky': async (payload, context) => {
        // Only this test's job: others of earlier tests may still be waiting.
        if (payload.key === key) attempts.push(context.attempt);
        // Links a bill that no longer exists to a transaction: the foreign key refuses it.
        await database.executeSql(
          'insert into subscription_transactions (subscription_id, transaction_id) values ($1, $1)',
          [payload.key],
        );
      },
    });
    const id = await jobs.queue.send('test.flaky', { key, failTimes: 0 });
    const job = await waitFor(async () => {
      const found = await jobs.boss.getJobById('test.flaky', id!);
      return found && ['completed', 'failed'].includes(found.state) ? found : undefined;
    });
    await jobs.stop();
    expect(job.state).toBe('completed');
    expect(job.output).toMatchObject({ skipped: expect.stringContaining('foreign key') });
    expect(attempts).toEqual([1]);
  });
  it('puts back at once the jobs of a worker process whose heartbeat stopped, not those of a live one', async () => {
    // Three worker processes, each on its own queue (as `start:worker` processes may be). An
    // hour's expiry: only the heartbeat can bring a job back within the test.
    const queueOf = (name: string) =>
      defineJobs({
        [name]: {
          payload: z.object({ key: z.string().uuid() }),
          options: { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3600 },
        },
      });
    const start = (name: string, heartbeatMs?: number) =>
      startJobSystem({
        database,
        jobs: queueOf(name),
        logger,
        pollIntervalSeconds: 0.5,
        isWorker: true,
        ...(heartbeatMs ? { heartbeatMs } : {}),
      });
    const held = new Set<string>();
    /** A worker that takes a job and never finishes it (killed mid-job, or just slow). */
    const holding = async (payload: { key: string }) => {
      held.add(payload.key);
      await new Promise(() => {});
    };
    const keys = { dead: crypto.randomUUID(), live: crypto.randomUUID() };

    const dead = await start('test.dead', 3_600_000); // beats once, then never again
    await dead.startWorkers({ 'test.dead': holding });
    const live = await start('test.live');
    await live.startWorkers({ 'test.live': holding });
    const deadJob = await dead.queue.send('test.dead', { key: keys.dead });
    const liveJob = await live.queue.send('test.live', { key: keys.live });
    await waitFor(async () => (held.size === 2 ? true : undefined));
    // The dead process's last beat is older than the threshold; the live one's is fresh.
    await database.executeSql(
      `update job_workers set heartbeat_at = now() - make_interval(secs => $2) where process_id = $1`,
      [dead.processId, STALE_AFTER_MS / 1000 + 1],
    );

    // A worker process starting now puts the dead process's job back, due at once.
    const next = await start('test.next');
    await next.startWorkers({ 'test.next': async () => undefined });
    const putBack = await next.boss.getJobById('test.dead', deadJob!);
    expect(putBack).toMatchObject({
      state: 'retry',
      output: { message: 'the worker process running this job stopped' },
    });
    expect((await next.boss.fetch('test.dead')).map((job) => job.id)).toEqual([deadJob]);
    // The live process's job is its own still; so is every job at the next look.
    expect((await next.boss.getJobById('test.live', liveJob!))?.state).toBe('active');
    expect(await live.recoverAbandonedJobs()).toBe(0);
    const workers = await database.executeSql('select process_id from job_workers');
    const ids = workers.rows.map((row) => (row as { process_id: string }).process_id);
    expect(ids).toEqual(expect.arrayContaining([live.processId, next.processId]));
    expect(ids).not.toContain(dead.processId);

    await next.stop(1000);
    await Promise.all([dead.stop(200), live.stop(200)]);
  });

  it('puts back a job whose process died between fetching it and claiming it, not a fresh one', async () => {
    const jobs = defineJobs({
      'test.unclaimed': {
        payload: z.object({ key: z.string().uuid() }),
        options: { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3600 },
      },
    });
    const system = await startJobSystem({
      database,
      jobs,
      logger,
      pollIntervalSeconds: 0.5,
      isWorker: false,
    });
    // Fetched the way a worker fetches, but never claimed: the process was killed in between.
    const old = await system.queue.send('test.unclaimed', { key: crypto.randomUUID() });
    expect((await system.boss.fetch('test.unclaimed')).map((job) => job.id)).toEqual([old]);
    await database.executeSql(
      `update pgboss.job set started_on = now() - make_interval(secs => $2) where id = $1`,
      [old, STALE_AFTER_MS / 1000 + 1],
    );
    const fresh = await system.queue.send('test.unclaimed', { key: crypto.randomUUID() });
    expect((await system.boss.fetch('test.unclaimed')).map((job) => job.id)).toEqual([fresh]);

    expect(await system.recoverAbandonedJobs()).toBe(1);
    expect(await system.boss.getJobById('test.unclaimed', old!)).toMatchObject({
      state: 'retry',
      output: { message: 'the worker process running this job stopped' },
    });
    expect((await system.boss.getJobById('test.unclaimed', fresh!))?.state).toBe('active');
    await system.stop(200);
  });
});
