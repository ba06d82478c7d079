import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { jobMap } from '../jobs/catalog';
import { queueSettingsOf } from '../jobs/job-system';
import { newestMigrationMillis } from './migrate';
import { copyTemplateInto, pgliteTemplateDir } from './pglite-template';

// The test setup builds the server (test/global-setup.ts), which makes the template.
describe('the embedded database template', () => {
  const scratch: string[] = [];
  const newFolder = () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'billow-template-')), 'pglite');
    fs.mkdirSync(dir);
    scratch.push(path.dirname(dir));
    return dir;
  };
  afterEach(() => {
    for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds every committed migration and every job queue as start-up sets it', async () => {
    expect(fs.existsSync(pgliteTemplateDir())).toBe(true);
    const dir = newFolder();
    expect(copyTemplateInto(dir)).toBe(true);
    const client = await PGlite.create(dir);
    try {
      const { rows: migrations } = await client.query<{ newest: string }>(
        'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
      );
      expect(Number(migrations[0]?.newest)).toBe(newestMigrationMillis());
      const { rows: queues } = await client.query<Record<string, unknown>>(
        `select name, policy, retry_limit as "retryLimit", retry_delay as "retryDelay",
           retry_backoff as "retryBackoff", expire_seconds as "expireInSeconds"
         from pgboss.queue where name not like '\\_\\_pgboss%'`,
      );
      const inTemplate = Object.fromEntries(
        queues.map(({ name, ...settings }) => [name, settings]),
      );
      expect(inTemplate).toEqual(queueSettingsOf(jobMap));
    } finally {
      await client.close();
    }
  });

  it('leaves a folder that already holds anything to PGlite', () => {
    const dir = newFolder();
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(copyTemplateInto(dir)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['PG_VERSION']);
  });
});
