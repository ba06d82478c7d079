/**
 * A new embedded database is copied from a template instead of being initialised in place.
 * PGlite initialises a data folder by starting a second PostgreSQL instance and running initdb's
 * own WebAssembly beside it, which on a first start doubled the server's memory (a peak near
 * 1 GB that the process then kept) and took most of the start. The server's build makes the
 * template once (scripts/server-build.mjs, in a process of its own that then ends): a data folder
 * holding the committed migrations, the job queue's schema and every job's queue, the work that
 * took most of a first start's CPU. A first start copies the folder as it is; unpacking an
 * archive into the database instead (PGlite's `loadDataDir`) cost twice the CPU and held 130 MB
 * more. Without a template (tests run from source), PGlite initialises the folder itself.
 *
 * The template's name carries what shapes it: PGlite's version, and a digest of the migrations,
 * pg-boss's version and the queues' settings. A template of other code is never used, and a
 * start on a database made by older code brings it up to date as always (migrations, pg-boss's
 * own migrations, queues created or changed: migrate.ts, job-system.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { jobMap } from '../jobs/catalog';
import { queueSettingsOf } from '../jobs/job-system';
import { migrationsFolder, newestMigrationMillis } from './migrate';

const serverRoot = path.resolve(import.meta.dirname, '../..');

function packageVersion(name: string): string {
  // Neither package's exports include its package.json; it sits above the entry's folder.
  const entry = createRequire(import.meta.url).resolve(name);
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The committed migrations' SQL, so a migration edited in place makes a new template too. */
function migrationsText(): string {
  return fs
    .readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => fs.readFileSync(path.join(migrationsFolder, file), 'utf8'))
    .join('\n');
}

export function pgliteTemplateDir(): string {
  const shape = JSON.stringify({
    migrations: [newestMigrationMillis(), migrationsText()],
    pgBoss: packageVersion('pg-boss'),
    queues: queueSettingsOf(jobMap),
  });
  const key = crypto.createHash('sha256').update(shape).digest('hex').slice(0, 12);
  return path.join(serverRoot, 'dist', `pglite-${packageVersion('@electric-sql/pglite')}-${key}`);
}

/**
 * Copies the template into `dir` when `dir` is empty and there is one; says whether it did. The
 * copy is made beside it and renamed into place, so a start cut short never leaves half of one.
 */
export function copyTemplateInto(dir: string): boolean {
  if (fs.readdirSync(dir).length > 0) return false;
  const template = pgliteTemplateDir();
  if (!fs.existsSync(template)) return false;
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmdirSync(dir);
  fs.renameSync(partial, dir);
  return true;
}

/** Initialises and migrates a database, sets up the job queue and keeps it as the template. */
export async function writePgliteTemplate(): Promise<string> {
  const [{ PGlite }, { fromPglite }, { startJobSystem }, { migrateDatabase }, { default: pino }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('./pglite-database'),
      import('../jobs/job-system'),
      import('./migrate'),
      import('pino'),
    ]);
  const dir = pgliteTemplateDir();
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const database = fromPglite(await PGlite.create(partial));
  try {
    await migrateDatabase(database);
    // As the server starts it (server.ts): a start then finds the schema and queues current.
    const jobs = await startJobSystem({
      database,
      jobs: jobMap,
      logger: pino({ level: 'silent' }),
      pollIntervalSeconds: 60,
      isWorker: false,
    });
    await jobs.stop();
  } finally {
    await database.close();
  }
  fs.renameSync(partial, dir);
  return dir;
}
