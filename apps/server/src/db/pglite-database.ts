/**
 * The database handle on embedded PGlite (database.ts). A module of its own, imported only when
 * the embedded database is opened: PGlite's code (and drizzle's PGlite driver, which imports it)
 * stays out of a process on a PostgreSQL server, where it held memory for nothing.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { pgliteChangeFeed } from './change-feed';
import type { Database, Db, ExecuteSql } from './database';
import * as schema from './tables';

const STATISTICS_INTERVAL_MS = 60_000;

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const executeSql: ExecuteSql = async (text, values) => {
    try {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // exec() runs several statements and returns one result each; pg-boss expects them merged.
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows as Record<string, unknown>[]) };
    } catch (error) {
      // PGlite has a single connection: a failed multi-statement text would leave it inside an
      // aborted transaction and break every later query.
      if (!client.closed) await client.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  const changes = pgliteChangeFeed(client);
  let analyzedAt = -Infinity;
  return {
    kind: 'pglite',
    db,
    driver: { kind: 'pglite', client },
    executeSql,
    changes,
    async ping() {
      await client.query('select 1');
    },
    async refreshPlannerStatistics() {
      if (performance.now() - analyzedAt < STATISTICS_INTERVAL_MS) return;
      analyzedAt = performance.now();
      await client.exec('ANALYZE');
    },
    async close() {
      await changes.close();
      if (!client.closed) await client.close();
    },
  };
}
