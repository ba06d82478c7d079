/**
 * The migration that made the profile's time zone the one source: the zone reminders
 * kept becomes the person's profile zone, and everyone else starts on UTC.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate';

type Journal = { entries: { tag: string }[] };

/** A copy of the migration history that stops before the migration tagged `tag`. */
async function historyBefore(tag: string): Promise<string> {
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-migrations-'));
  await fs.cp(migrationsFolder, out, { recursive: true });
  const file = path.join(out, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(file, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(file, JSON.stringify(journal));
  return out;
}

describe('the profile time zone migration', () => {
  it('moves the zone reminders kept into the profile, and starts everyone else on UTC', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    const before = await historyBefore('profile_time_zone');
    try {
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into users (id, phone_number) values
          ('00000000-0000-4000-8000-000000000001', '+15555550001'),
          ('00000000-0000-4000-8000-000000000002', '+15555550002');
        insert into reminder_preferences (user_id, time_zone)
          values ('00000000-0000-4000-8000-000000000001', 'Pacific/Auckland');`);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ time_zone: string; is_time_zone_chosen: boolean }>(
        'select time_zone, is_time_zone_chosen from users order by phone_number',
      );
      expect(rows).toEqual([
        { time_zone: 'Pacific/Auckland', is_time_zone_chosen: false },
        { time_zone: 'UTC', is_time_zone_chosen: false },
      ]);
    } finally {
      await client.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  });
});
