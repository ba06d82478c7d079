/**
 * Billow as a separate process (`node scripts/start.mjs all`), for suites that must kill it the
 * way an operating system does, and a few calls over real HTTP the way the web app makes them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, expect } from 'vitest';
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { createTestDatabase, type TestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../../..');

export type ChildServer = {
  child: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
  /** SIGKILL: no shutdown code runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM and a graceful stop. */
  stop(): Promise<number | null>;
};

export function startChildServer(
  env: Record<string, string>,
  mode: 'all' | 'api' | 'worker' = 'all',
): ChildServer {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    SERVE_WEB: 'false',
    PORT: '0',
    LOG_FORMAT: 'json',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs', mode], { cwd: root, env: childEnv });
  let text = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Open (http:\/\/localhost:\d+)/.exec(text);
      if (match) resolve(match[1]!);
      // A worker has no address: it is ready once it says it is running.
      else if (mode === 'worker' && /Billow is running/.test(text)) resolve('');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before listening:\n${text}`)));
  });
  url.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    url,
    exit,
    async kill() {
      child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      child.kill('SIGTERM');
      return exit;
    },
  };
}

export async function call(
  url: string,
  method: 'GET' | 'POST',
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs in over HTTP, reading the code from the sandbox outbox; returns the access token. */
export async function signInOver(url: string, phoneNumber: string): Promise<string> {
  await call(url, 'POST', '/api/auth/otp/start', { body: { phoneNumber } });
  const outbox = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}`);
  const [message] = (await outbox.json()) as { body: string }[];
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phoneNumber}`);
  const verified = await call(url, 'POST', '/api/auth/otp/verify', {
    body: { phoneNumber, code },
  });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return String(verified.body.token);
}

/** Links sandbox-bank accounts (Plaid's custom-user format) for a person over HTTP. */
export async function linkOver(url: string, token: string, accounts: unknown[]) {
  const created = await call(url, 'POST', sandboxRoutes.publicToken.path, {
    body: { override_accounts: accounts },
  });
  expect(created.status).toBe(200);
  const linked = await call(url, 'POST', bankingRoutes.linkResult.path, {
    token,
    body: { publicToken: created.body.public_token },
  });
  expect(linked.body).toEqual({ status: 'success' });
}

export async function loadStatus(url: string, token: string) {
  return (await call(url, 'GET', bankingRoutes.transactionLoadStatus.path, { token })).body;
}

export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * What a crash-restart suite needs: a data folder (and, with DATABASE_URL, a database of its
 * own) that outlives each process, servers started on it, a way to read the database once they
 * stopped, and clean-up. Call `setUp` in beforeAll and `tearDown` in afterAll.
 */
export function crashHarness(name: string) {
  const running: ChildServer[] = [];
  let dataDir = '';
  let appDb: TestDatabase | undefined;
  let env: Record<string, string> = {};
  // A failed test shows what each server printed last: why it stopped answering, or what it did.
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    running.forEach((server, index) => {
      const exit = server.child.exitCode ?? server.child.signalCode ?? 'running';
      console.error(
        `--- server ${index + 1} (${exit}), last output:\n${server.output().slice(-6000)}`,
      );
    });
  });
  return {
    async setUp(extraEnv: Record<string, string> = {}) {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `billow-${name}-`));
      appDb = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
      env = {
        BILLOW_DATA_DIR: dataDir,
        JOB_POLL_INTERVAL_SECONDS: '0.5',
        ...extraEnv,
        ...(appDb?.url ? { DATABASE_URL: appDb.url } : {}),
      };
    },
    async tearDown() {
      for (const server of running) if (server.child.exitCode === null) await server.kill();
      await appDb?.destroy();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
    /** The environment every server of the suite starts with (for a CLI run beside them). */
    get env() {
      return env;
    },
    get dataDir() {
      return dataDir;
    },
    async start(mode: 'all' | 'api' | 'worker' = 'all') {
      const server = startChildServer(env, mode);
      running.push(server);
      return { server, url: await server.url };
    },
    /** Reads Billow's database once its process has stopped (PGlite has one owner at a time). */
    async query<T>(text: string): Promise<T[]> {
      if (appDb) return (await appDb.executeSql(text)).rows as T[];
      const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        return (await pglite.query<T>(text)).rows;
      } finally {
        await pglite.close();
      }
    },
  };
}
