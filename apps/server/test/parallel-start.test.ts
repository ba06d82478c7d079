/**
 * Processes started together on a new PostgreSQL database: two APIs and a worker, all
 * at once, on a database with nothing in it. They take turns with the start-up schema work (the
 * migrations and the job queue's own schema), so each one starts, and each stops cleanly.
 * The embedded database belongs to one process, so this file runs only with DATABASE_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './child-server';
import { urlFor } from './template';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('processes started together on a new database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshDatabase(): Promise<string> {
    const base = new URL(databaseUrl!).pathname.slice(1).replace(/\W/g, '_') || 'postgres';
    const name = `${base}_par_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    });
    return urlFor(databaseUrl!, name);
  }

  it('starts two APIs and a worker at once, each of them', async () => {
    const url = await freshDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-parallel-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: url, BILLOW_DATA_DIR: dataDir };
    const servers: ChildServer[] = (['api', 'api', 'worker'] as const).map((mode) =>
      startChildServer(env, mode),
    );
    cleanups.push(async () => {
      for (const server of servers) if (server.child.exitCode === null) await server.kill();
    });
    const started = await Promise.allSettled(servers.map((server) => server.url));
    for (const [index, outcome] of started.entries())
      expect(outcome.status, servers[index]!.output()).toBe('fulfilled');
    for (const server of servers) expect(await server.stop(), server.output()).toBe(0);
  }, 180_000);
});
