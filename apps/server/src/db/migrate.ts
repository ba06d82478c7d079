/**
 * Applies the committed migration history (apps/server/drizzle) at start. On a PostgreSQL server
 * several processes may start at once, so the run holds an advisory lock on one connection;
 * PGlite has a single process and connection.
 */
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './database';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

const MIGRATION_LOCK_ID = 7_261_042;

export async function migrateDatabase(database: Database): Promise<void> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder });
    return;
  }
  // A connection of its own, without the pool's time limits: waiting for another process's
  // migrations, or one long migration, is not a stuck statement.
  const client = new pg.Client({
    ...driver.pool.options,
    application_name: 'billow-migrate',
    statement_timeout: 0,
    query_timeout: undefined,
  });
  // Errors reach the migration's own statements; unheard, the event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
