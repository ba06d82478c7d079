/**
 * A new embedded database is copied from a template instead of being initialised in place.
 * PGlite initialises a data folder by starting a second PostgreSQL instance and running initdb's
 * own WebAssembly beside it, which on a first start doubled the server's memory (a peak near
 * 1 GB that the process then kept) and took most of the start. The server's build makes the
 * template once (scripts/server-build.mjs, in a process of its own that then ends); a first start
 * unpacks it. Its name carries PGlite's version, so a template of another version is never used;
 * without one (tests run from source), PGlite initialises the folder itself. The template holds
 * the committed migrations and the job queue's schema too, which took most of a first start's
 * CPU (issue 42); its name
 * carries the newest one's time, so a new migration brings a new template, and a start on an
 * older one applies only what it lacks (migrate.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { migrationsFolder, newestMigrationMillis } from './migrate';

const serverRoot = path.resolve(import.meta.dirname, '../..');

function pgliteVersion(): string {
  // The package's exports do not include its package.json; it sits above the entry's folder.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function pgliteTemplateFile(): string {
  return path.join(serverRoot, 'dist', `pglite-${pgliteVersion()}-m${newestMigrationMillis()}.tgz`);
}

/** The template's contents for a folder that holds no database yet, when there is one. */
export function templateFor(dir: string): Blob | undefined {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  const file = pgliteTemplateFile();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Initialises and migrates a database in memory and writes it, packed, as the template. */
export async function writePgliteTemplate(): Promise<string> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // The job queue's own schema too (job-system.ts): a start finds it current.
    const [{ default: PgBoss }, { fromPglite }] = await Promise.all([
      import('pg-boss'),
      import('./pglite-database'),
    ]);
    const { executeSql } = fromPglite(client);
    const boss = new PgBoss({
      db: { executeSql },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: true,
    });
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
    const packed = await client.dumpDataDir('gzip');
    const file = pgliteTemplateFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, new Uint8Array(await packed.arrayBuffer()));
    fs.renameSync(`${file}.tmp`, file);
    return file;
  } finally {
    await client.close();
  }
}
