/**
 * A fresh database for one test file, copied from the migrated template: an in-memory PGlite
 * loaded from the template's dump, or a new database on the PostgreSQL server created with
 * `TEMPLATE billow_test_template_<database>`. Dropped again when the file is done.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPool, type Database } from '../src/db/database';
import { fromPglite } from '../src/db/pglite-database';
import { templateDatabaseFor, urlFor } from './template';

export type TestDatabase = Database & { url: string | undefined; destroy(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dump = await fs.readFile(inject('pgliteTemplatePath'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    const database = fromPglite(client);
    return { ...database, url: undefined, destroy: () => database.close() };
  }
  const name = `billow_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseFor(databaseUrl)}`);
  await admin.end();
  const url = urlFor(databaseUrl, name);
  const database = fromPool(new pg.Pool({ connectionString: url, max: 5 }));
  return {
    ...database,
    url,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
