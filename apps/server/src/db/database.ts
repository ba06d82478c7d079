/**
 * One database handle for the whole server, on either engine: PGlite embedded in the data
 * directory (the default) or a PostgreSQL server through a node-postgres pool (DATABASE_URL).
 * Both speak the same SQL and run the same migrations; callers never ask which one they have,
 * except pg-boss, which needs a raw `executeSql`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { keepWebAssemblyOnBaselineCompiler, takePglitePreload } from '../early-start';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { poolChangeFeed, type ChangeFeed } from './change-feed';
import { copyTemplateInto } from './pglite-template';
import { markStartup } from '../startup-times';
import * as schema from './tables';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type SqlResult = { rows: Record<string, unknown>[] };
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The driver underneath, for the few places that need it (migrations, test templates). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** Raw SQL for libraries that bring their own (pg-boss). Multi-statement text is allowed without values. */
  executeSql: ExecuteSql;
  /** What changed, from the database's own notifications (cached answers listen to it). */
  changes: ChangeFeed;
  ping(): Promise<void>;
  /**
   * Brings the query planner's statistics up to date after a bulk write (a bank sync and the
   * detection after it), at most once a minute. PGlite runs no autovacuum: without this its
   * planner never learns how many rows a table holds, and joined a bill to its charges through
   * every transaction of every bank. A server's autovacuum does it: a no-op there.
   */
  refreshPlannerStatistics(): Promise<void>;
  close(): Promise<void>;
};

/**
 * How long the server may work on one statement, and how long a request waits for an answer
 * or a new connection, so a stuck statement or a network partition ends in a "try again" (503)
 * in seconds instead of leaving requests hanging. Migrations lift the statement limit for
 * their own connection.
 */
const DATABASE_TIMEOUTS = {
  statementSeconds: 15,
  /** Past the server's own limit, so the server's error wins whenever it can still answer. */
  answerSeconds: 20,
  connectSeconds: 5,
  idleInTransactionSeconds: 60,
};

/** node-postgres settings that make lost connections and stuck statements end in an error. */
function poolSettings(databaseUrl: string, max: number, applicationName = 'billow'): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    max,
    application_name: applicationName,
    statement_timeout: DATABASE_TIMEOUTS.statementSeconds * 1000,
    query_timeout: DATABASE_TIMEOUTS.answerSeconds * 1000,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionSeconds * 1000,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectSeconds * 1000,
    keepAlive: true,
  };
}

/**
 * A connection can die under us at any moment: a server restart or failover, a terminated
 * backend, a network reset. node-postgres reports it as an 'error' event on the client, and an
 * unheard 'error' event ends the process; pg-pool listens only while a client is idle, so a
 * client that is checked out (an open transaction, or between two statements) needs a listener
 * of its own, for its whole life. The statement that was running fails, its request answers
 * 503, and the pool drops the client when it is released and opens a new one on demand.
 *
 * A client-side answer timeout leaves the connection with a statement still in flight: it is
 * closed, so the pool drops it instead of handing it out again.
 */
function guardConnections(pool: pg.Pool, onLost: (error: Error) => void) {
  pool.on('error', onLost);
  pool.on('connect', (client) => {
    client.on('error', onLost);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const result = query(...args);
      if (result instanceof Promise)
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout')
            (
              client as unknown as { connection?: { stream?: { destroy(): void } } }
            ).connection?.stream?.destroy();
        });
      return result;
    };
  });
}

export function fromPool(
  pool: pg.Pool,
  onConnectionLost: (error: Error) => void = () => undefined,
): Database {
  guardConnections(pool, onConnectionLost);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  let closed = false;
  const changes = poolChangeFeed(pool.options, onConnectionLost);
  return {
    kind: 'postgres',
    db,
    driver: { kind: 'postgres', pool },
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    changes,
    async ping() {
      await pool.query('select 1');
    },
    async refreshPlannerStatistics() {},
    async close() {
      if (closed) return;
      closed = true;
      await changes.close();
      await pool.end();
    },
  };
}

type DatabaseOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax: number;
  /** A connection was lost (the pool opens another on demand): worth a log line, no more. */
  onConnectionLost?: (error: Error) => void;
};

/**
 * Embedded PostgreSQL's memory settings, for one person or a family. WebAssembly memory only
 * grows: whatever PostgreSQL touches once (its buffers, a sort, an index build in a migration)
 * the process holds until it ends, so each limit is its most it ever holds. A person's data fits
 * 16 MB of buffers many times over; temporary tables are not used. Durability settings stay at
 * PostgreSQL's defaults. Together these took about 30 MB off the settled server.
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=8MB',
  'temp_buffers=1MB',
];

/** Opens the configured database: a PostgreSQL server when a URL is given, else embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool(poolSettings(options.databaseUrl, options.poolMax));
    return fromPool(pool, options.onConnectionLost);
  }
  const dir = path.join(options.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  const release = await lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    keepWebAssemblyOnBaselineCompiler();
    // Not loaded at all on a PostgreSQL server.
    const { PGlite } = await import('@electric-sql/pglite');
    markStartup('pglite loaded');
    if (copyTemplateInto(dir)) markStartup('template copied');
    // Compiled and read while the code loaded, with `npm start` (early-start.ts).
    const preloaded = await takePglitePreload();
    if (preloaded) markStartup('pglite preload taken');
    client = await PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS, ...preloaded });
    markStartup('pglite opened');
  } catch (error) {
    await release();
    throw error;
  }
  const { fromPglite } = await import('./pglite-database');
  const database = fromPglite(client);
  return {
    ...database,
    async close() {
      await database.close();
      await release();
    },
  };
}
