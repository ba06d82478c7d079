/**
 * The migrated template every test database is copied from, on either engine. It already holds
 * the app's tables and pg-boss's schema, so a test file starts in milliseconds, not seconds.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { fromPool, type Database } from '../src/db/database';
import { fromPglite } from '../src/db/pglite-database';
import { migrateDatabase } from '../src/db/migrate';
import { startJobSystem } from '../src/jobs/job-system';

/**
 * The template's name on the server, derived from DATABASE_URL's own database so that two test
 * runs pointed at different databases of one server (two checkouts, say) never drop each other's.
 */
export function templateDatabaseFor(databaseUrl: string): string {
  const base = new URL(databaseUrl).pathname.slice(1).replace(/\W/g, '_') || 'postgres';
  return `billow_test_template_${base}`;
}

/** DATABASE_URL with another database name. */
export function urlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function prepare(database: Database): Promise<void> {
  await migrateDatabase(database);
  const jobs = await startJobSystem({
    database,
    jobs: {},
    logger: pino({ level: 'silent' }),
    pollIntervalSeconds: 1,
    isWorker: false,
  });
  await jobs.stop(1000);
}

export async function createPgliteTemplate(): Promise<string> {
  const client = await PGlite.create();
  const database = fromPglite(client);
  await prepare(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `billow-template-${process.pid}-${Date.now()}.tar`);
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

export async function createServerTemplate(databaseUrl: string): Promise<void> {
  const template = templateDatabaseFor(databaseUrl);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const database = fromPool(
    new pg.Pool({ connectionString: urlFor(databaseUrl, template), max: 2 }),
  );
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
}
