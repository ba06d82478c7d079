/**
 * Applies the committed migration history (apps/server/drizzle) at start. On a PostgreSQL server
 * several processes may start at once on a new database, so all start-up schema work — these
 * migrations and the job queue's own schema and queues (server.ts) — runs holding one advisory
 * lock, on a connection of its own: the processes take turns, and the later ones find the work
 * done. PGlite has a single process and connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './database';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

const STARTUP_LOCK_ID = 7_261_042;

/** Runs `work` while holding the start-up schema lock (on PGlite, simply runs it). */
export async function withStartupLock<T>(
  database: Database,
  work: (lockHolder: pg.Client | undefined) => Promise<T>,
): Promise<T> {
  const { driver } = database;
  if (driver.kind === 'pglite') return work(undefined);
  // Without the pool's time limits: waiting for another process's migrations, or one long
  // migration, is not a stuck statement.
  const client = new pg.Client({
    ...driver.pool.options,
    application_name: 'billow-migrate',
    statement_timeout: 0,
    query_timeout: undefined,
  });
  // Errors reach the statements run on it; unheard, the event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** When the newest committed migration was made: drizzle's journal records it as `when`. */
export function newestMigrationMillis(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database already holds every committed migration, in one query: drizzle's migrator
 * applies those made after the newest one it recorded, so a database that recorded the journal's
 * newest has nothing to apply. Skipping the migrator then spares reading and hashing every
 * migration file, and its own schema statements, on each start (issue 42).
 */
async function isCurrent(query: (text: string) => Promise<{ rows: unknown[] }>) {
  try {
    const { rows } = await query(
      'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
    );
    const newest = (rows[0] as { newest: string | null } | undefined)?.newest;
    return newest != null && Number(newest) >= newestMigrationMillis();
  } catch {
    return false; // no migrations table yet: a new database
  }
}

/** Applies the migrations; inside `withStartupLock`, pass its connection. */
export async function migrateDatabase(database: Database, lockHolder?: pg.Client): Promise<void> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    if (await isCurrent((text) => driver.client.query(text))) return;
    // Loaded here only: drizzle's PGlite driver imports PGlite itself, kept out of a process on a
    // PostgreSQL server (issue 42).
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder });
    return;
  }
  if (!lockHolder) {
    await withStartupLock(database, (client) => migrateDatabase(database, client));
    return;
  }
  if (await isCurrent((text) => lockHolder.query(text))) return;
  await migratePg(drizzlePg(lockHolder), { migrationsFolder });
}
