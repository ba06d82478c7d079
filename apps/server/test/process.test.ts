/**
 * The real entry point as a person runs it: `node scripts/start.mjs`, on an embedded database in
 * a scratch data folder. Covers start-up, graceful stop on SIGTERM, data kept across restarts,
 * and the clear refusals of bad settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

type Started = {
  child: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
};

function start(mode: string, env: Record<string, string>): Started {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    SERVE_WEB: 'false',
    PORT: '0',
    LOG_FORMAT: 'json',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs', mode], { cwd: root, env: childEnv });
  let text = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Open (http:\/\/localhost:\d+)/.exec(text);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before listening:\n${text}`)));
  });
  url.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, url, exit };
}

describe('npm start', () => {
  const scratch: string[] = [];
  afterAll(async () => {
    for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves, stops gracefully on SIGTERM and keeps its data across restarts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-data-'));
    scratch.push(dataDir);

    const first = start('all', { BILLOW_DATA_DIR: dataDir });
    const url = await first.url;
    expect(first.output()).toContain('Sign-in codes appear in this terminal');
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    first.child.kill('SIGTERM');
    expect(await first.exit, first.output()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
    await pglite.query(`insert into users (phone_number) values ('+15555550100')`);
    await pglite.close();

    const second = start('all', { BILLOW_DATA_DIR: dataDir });
    await second.url;
    second.child.kill('SIGINT');
    expect(await second.exit, second.output()).toBe(0);

    const reopened = await PGlite.create(path.join(dataDir, 'pglite'));
    const users = await reopened.query<{ phone_number: string }>('select phone_number from users');
    const migrations = await reopened.query('select * from drizzle.__drizzle_migrations');
    await reopened.close();
    expect(users.rows).toEqual([{ phone_number: '+15555550100' }]);
    expect(migrations.rows.length).toBeGreaterThan(0);
  }, 120_000);

  it('keeps a second process off a running embedded database, and `npm run jobs` says what to do', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-data-'));
    scratch.push(dataDir);
    const first = start('all', { BILLOW_DATA_DIR: dataDir });
    await first.url;

    const second = start('all', { BILLOW_DATA_DIR: dataDir });
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`Billow is already running on ${dataDir}`);

    const jobs = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/jobs.mjs'], {
          cwd: root,
          env: { ...process.env, BILLOW_DATA_DIR: dataDir, DATABASE_URL: '' },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const beside = await jobs();
    expect(beside.code).toBe(1);
    expect(beside.output).toContain('stop Billow (Ctrl+C) and run `npm run jobs` again');

    // The first one is unharmed; once it stops, the jobs can be read.
    expect(await (await fetch(`${await first.url}/api/health`)).json()).toMatchObject({
      db: 'ok',
    });
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    const after = await jobs();
    expect(after.code, after.output).toBe(0);
    expect(after.output).toMatch(/^queue +waiting +active/m);
  }, 120_000);

  it('refuses to run the API alone on the embedded database, saying why', async () => {
    const api = start('api', { BILLOW_DATA_DIR: path.join(os.tmpdir(), 'billow-unused') });
    expect(await api.exit).toBe(1);
    expect(api.output()).toContain('needs a PostgreSQL server. Set DATABASE_URL');
  });

  it('refuses a bad setting, naming the key', async () => {
    const bad = start('all', { PORT: 'eighty' });
    expect(await bad.exit).toBe(1);
    expect(bad.output()).toContain('invalid configuration');
    expect(bad.output()).toContain('PORT');
  });
});
