/**
 * The real app on a test database, for `app.inject()` tests. Logs are captured, not printed, so a
 * test can assert what reached the log (and what must never reach it).
 */
import type https from 'node:https';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppDeps } from '../src/app';
import { composeBillow, type Billow } from '../src/deps';
import { loadConfig, type Config } from '../src/config';
import { loggerOptions } from '../src/http/logger';
import { UNDECLARED_PROBLEM_CODE } from '../src/http/route';
import { jobMap } from '../src/jobs/catalog';
import type { AppJobMap } from '../src/jobs/job-payloads';
import { startJobSystem, type JobSystem } from '../src/jobs/job-system';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  logs: Record<string, unknown>[];
  /** Each module by name, to drive one directly (its service, repo or published functions). */
  modules: Billow['moduleByName'];
  jobs: JobSystem<AppJobMap>;
  /** The real job handlers, for a test that starts the job system's own workers. */
  handlers: Billow['jobHandlers'];
  /**
   * Runs every job waiting in the queue (and the jobs those enqueue) through the real handlers,
   * the way a worker would, and returns the names of the jobs it ran. With `only`, jobs of those
   * kinds alone: the others stay waiting.
   */
  runQueuedJobs(only?: (keyof AppJobMap)[]): Promise<string[]>;
  close(): Promise<void>;
};

/** Fixed keys for tests, so nothing is written to a data folder. */
export const testSecrets = {
  authSecret: new TextEncoder().encode('test-auth-secret-that-is-long-enough-0123456789'),
  encryptionKey: Buffer.alloc(32, 7),
};

/** A VAPID key pair for tests only, so nothing is generated into a data folder. */
export const testVapidKeys = {
  VAPID_PUBLIC_KEY:
    'BHFkMzi2xnHItP3sxkjTGXnPsEB_7mdA1Tl671quV3dC4jIvfrWV94E1e98T1P1bA7_IOhUWL0mklyGdDajRjME',
  VAPID_PRIVATE_KEY: 'SW3x7nyXTN9vv_lLShylXpc7EDgDcdFCdsbmYWdiEps',
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ SERVE_WEB: 'false', LOG_LEVEL: 'info', ...testVapidKeys, ...env });
}

export function captureLogger(logLevel: Config['logLevel'] = 'info') {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { logger: pino(loggerOptions({ logLevel, logFormat: 'json' }), stream), logs };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    setup?: (app: FastifyInstance) => void;
    clock?: () => Date;
    pushAgent?: https.Agent;
    onRoute?: AppDeps['onRoute'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const { logger, logs } = captureLogger(config.logLevel);
  const jobs = await startJobSystem({
    database,
    jobs: jobMap,
    logger,
    pollIntervalSeconds: 1,
    isWorker: false,
  });
  const billow = await composeBillow({
    config,
    database,
    jobs: jobs.queue,
    secrets: testSecrets,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  const { moduleByName: modules, jobHandlers: handlers } = billow;
  const app = await buildApp({
    config,
    logger,
    billow,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    modules,
    jobs,
    handlers,
    async runQueuedJobs(only) {
      const ran: string[] = [];
      for (let round = 0; round < 10; round++) {
        let didWork = false;
        for (const name of only ?? (Object.keys(jobMap) as (keyof AppJobMap)[])) {
          for (const job of await jobs.boss.fetch<object>(name, { batchSize: 50 })) {
            didWork = true;
            const payload = jobMap[name].payload.parse(job.data);
            try {
              await (handlers[name] as (p: unknown, c: object) => Promise<void>)(payload, {
                jobId: job.id,
                attempt: 1,
                queue: name,
              });
              await jobs.boss.complete(name, job.id);
              ran.push(name);
            } catch (error) {
              await jobs.boss.fail(name, job.id, { message: String(error) });
              throw error;
            }
          }
        }
        if (!didWork) return ran;
      }
      return ran;
    },
    async close() {
      await app.close();
      await jobs.stop(1000);
      if (!options.database) await database.destroy();
      // Every test file checks, on the way out, that no route sent a code its contract lacks.
      const undeclared = logs.filter((line) => line.msg === UNDECLARED_PROBLEM_CODE);
      if (undeclared.length > 0) {
        throw new Error(
          `problem codes not declared by their routes: ${JSON.stringify(undeclared)}`,
        );
      }
    },
  };
}
