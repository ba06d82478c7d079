import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { migrationsFolder } from './migrate';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

describe('committed migrations', () => {
  it('match the Drizzle schema (generating from the schema adds nothing)', async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-migrations-'));
    const out = path.join(scratch, 'drizzle');
    await fs.cp(migrationsFolder, out, { recursive: true });
    const configFile = path.join(serverDir, `.drizzle-check-${process.pid}.config.ts`);
    await fs.writeFile(
      configFile,
      `import { defineConfig } from 'drizzle-kit';
export default defineConfig({ dialect: 'postgresql', schema: './src/db/tables.ts', out: ${JSON.stringify(out)}, casing: 'snake_case' });
`,
    );
    try {
      const before = await fs.readdir(out);
      const { stdout } = await run(
        process.execPath,
        [
          path.join(serverDir, '../../node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--config',
          configFile,
        ],
        { cwd: serverDir },
      );
      const after = await fs.readdir(out);
      expect(
        after,
        `the schema changed without a migration; run \`npm run db:generate\`.\n${stdout}`,
      ).toEqual(before);
    } finally {
      await fs.rm(configFile, { force: true });
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });
});

describe('the migrated database', () => {
  it("keeps the sandbox bank's records out of the application's public schema", async () => {
    const database = await createTestDatabase();
    try {
      const tablesIn = async (schema: string) =>
        (
          await database.executeSql(
            `select table_name from information_schema.tables where table_schema = $1 order by 1`,
            [schema],
          )
        ).rows.map((row) => String(row.table_name));

      expect((await tablesIn('public')).filter((name) => name.includes('sandbox'))).toEqual([]);
      expect(await tablesIn('sandbox_bank')).toEqual([
        'items',
        'link_tokens',
        'public_tokens',
        'transfer_authorizations',
        'transfer_events',
        'transfers',
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe('foreign keys', () => {
  it('each leads an index, so deleting the row it points at finds its rows without a scan', async () => {
    const database = await createTestDatabase();
    try {
      // Single-column foreign keys in Billow's tables (pg-boss's schema is its own).
      const { rows } = await database.executeSql(
        `SELECT c.conrelid::regclass::text AS "table", a.attname AS "column"
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1
           AND c.connamespace = 'public'::regnamespace
           AND NOT EXISTS (
             SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
           )
         ORDER BY 1, 2`,
      );
      expect(rows).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
