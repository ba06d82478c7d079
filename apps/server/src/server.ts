/**
 * Starts Billow in one of three shapes: everything in one process (the default), the HTTP API
 * only, or the job workers only. The last two need a PostgreSQL server: PGlite belongs to the one
 * process that opened it.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { composeBillow } from './deps';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrateDatabase, withStartupLock } from './db/migrate';
import { assertJobCatalogue, jobMap } from './jobs/catalog';
import type { AppJobMap } from './jobs/job-payloads';
import { readQueueFigures } from './jobs/queue-figures';
import { startJobSystem, type JobSystem } from './jobs/job-system';
import { loadSecrets } from './security/secrets';
import { markStartup } from './startup-times';

/** How often a worker logs its queue figures (counts by queue and state). */
const QUEUE_FIGURES_EVERY_MS = 5 * 60_000;
/** How long the workers of an `npm start` wait after the server listens (below). */
const WORKERS_AFTER_MS = 500;

export type ServerMode = 'all' | 'api' | 'worker';

export type RunningServer = {
  app: FastifyInstance | undefined;
  database: Database;
  jobs: JobSystem<AppJobMap>;
  url: string | undefined;
  stop(): Promise<void>;
};

export class StartupError extends Error {
  override name = 'StartupError';
}

/** Refuses settings that cannot work, before anything is opened. */
function checkStartup(config: Config, mode: ServerMode): void {
  if (mode !== 'all' && !config.databaseUrl) {
    throw new StartupError(
      `Billow cannot start in "${mode}" mode on the embedded database: running the API and the ` +
        'workers as separate processes needs a PostgreSQL server. Set DATABASE_URL, or use `npm start`.',
    );
  }
}

export async function startServer(
  config: Config,
  mode: ServerMode,
  logger: Logger,
): Promise<RunningServer> {
  checkStartup(config, mode);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    onConnectionLost: (error) =>
      logger.warn({ err: error }, 'a database connection was lost; a new one is opened on demand'),
  });
  let jobs: JobSystem<AppJobMap> | undefined;
  let app: FastifyInstance | undefined;
  let figuresTimer: NodeJS.Timeout | undefined;
  try {
    // Migrations and the job queue's schema and queues, one process at a time (migrate.ts).
    jobs = await withStartupLock(database, async (lockHolder) => {
      await migrateDatabase(database, lockHolder);
      markStartup('migrations checked');
      return startJobSystem({
        database,
        jobs: jobMap,
        logger,
        pollIntervalSeconds: config.jobPollIntervalSeconds,
        isWorker: mode !== 'api',
      });
    });
    markStartup('job queue started');
    const billow = await composeBillow({
      config,
      database,
      jobs: jobs.queue,
      secrets: loadSecrets(config),
      print: (line) => process.stdout.write(`${line}\n`),
      log: logger,
    });
    markStartup('modules composed');
    // Every kind of the job catalogue (docs/jobs.md) declared, within limits and handled, or no
    // start.
    assertJobCatalogue(jobMap, billow.jobHandlers);
    // Before the first request: a module may clear what a dead process left (a sync lease).
    if (mode !== 'api') for (const module of billow.modules) await module.beforeWorkers?.();
    markStartup('modules prepared');

    let url: string | undefined;
    if (mode !== 'worker') {
      app = await buildApp({ config, logger, billow });
      await app.ready();
      markStartup('http app ready');
      await app.listen({ host: config.host, port: config.port });
      markStartup('listening');
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      url = `http://localhost:${port}`;
    }

    // After listening, and a moment after in one process: the workers' first fetches (one
    // query a queue) would otherwise sit in the embedded database's one connection ahead of the
    // first requests. A job sent before then waits for the workers' first fetch.
    if (mode !== 'api') {
      if (mode === 'all') await new Promise((resolve) => setTimeout(resolve, WORKERS_AFTER_MS));
      await jobs.startWorkers(billow.jobHandlers);
      figuresTimer = setInterval(() => {
        readQueueFigures(database, { failedLimit: 0 })
          .then((figures) => logger.info({ queues: figures.queues }, 'job queue figures'))
          .catch((error: unknown) => logger.debug({ err: error }, 'no job queue figures'));
      }, QUEUE_FIGURES_EVERY_MS);
      figuresTimer.unref();
      markStartup('workers started');
    }

    const startedJobs = jobs;
    const startedApp = app;
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      jobs: startedJobs,
      url,
      stop() {
        // Stop taking requests and let in-flight ones finish, then let running jobs finish, and
        // only then close the database they use.
        stopping ??= (async () => {
          if (figuresTimer) clearInterval(figuresTimer);
          if (startedApp) await startedApp.close();
          await startedJobs.stop();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    if (figuresTimer) clearInterval(figuresTimer);
    await app?.close().catch(() => undefined);
    await jobs?.stop(1000).catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
