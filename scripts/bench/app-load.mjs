/**
 * Figures from a running Billow (`scripts/start.mjs all`, sandbox, loopback only):
 * - what the browser downloads for /signup's initial scripts, compressed and not;
 * - link → subscriptions visible: from the Link dialog's result call to the status check
 *   saying loaded (held open with waitMs, as the loading screen asks) and list-all showing them;
 * - `list-all` with auth, requests per second, against a bare Fastify route sending the same
 *   bytes in the same run (autocannon, bounded, medians of 3).
 * Printed, never asserted. Each run starts its own server on a fresh data folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bareFastify } from './bare-fastify.mjs';

// BENCH_ROOT: another checkout's server (to compare with a commit before a change).
const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '../..');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What a bench's Billow process runs with: its port and data folder, quiet JSON logs. */
export function serverEnv(port, dataDir, env = {}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    BILLOW_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...env,
  };
}

/** The node flags `npm start` runs with (package.json), so the benches measure what people run. */
export const startFlags = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((word) => word.startsWith('--'));

export async function startServer(port, env = {}, nodeArgs = startFlags) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billow-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs', 'all'], {
    cwd: root,
    env: serverEnv(port, dataDir, env),
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One JSON request to Billow; a refusal throws with the status and the answer. */
export async function call(base, method, url, { token, body } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function signIn(base, phoneNumber) {
  await call(base, 'POST', '/api/auth/otp/start', { body: { phoneNumber } });
  const outbox = await call(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}`);
  const code = /\b(\d{6})\b/.exec(outbox[0].body)[1];
  const session = await call(base, 'POST', '/api/auth/otp/verify', {
    body: { phoneNumber, code },
  });
  return session.accessToken;
}

/** Link result → status says loaded → list-all shows subscriptions, in ms. */
export async function linkToSubscriptions(base, token, { waitMs }) {
  const created = await call(base, 'POST', '/api/dev/sandbox/public-token', {
    body: { persona: 'default' },
  });
  const started = performance.now();
  await call(base, 'POST', '/api/plaid/link/result', {
    token,
    body: { publicToken: created.public_token },
  });
  for (;;) {
    const query = waitMs ? `?waitMs=${waitMs}` : '';
    const status = await call(base, 'GET', `/api/user/transaction-load-status${query}`, { token });
    if (status.transactionsLoaded) break;
    // Without waitMs, the screen's old way: ask again at its next 5 s poll.
    if (!waitMs) await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  const list = await call(base, 'GET', '/api/subscriptions/list-all', { token });
  if (list.length === 0) throw new Error('no subscriptions after loading');
  return performance.now() - started;
}

/** Raw bytes of a GET (no decompression), to see what goes over the wire. */
function wireBytes(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

export async function transferForRoute(base, files) {
  let plain = 0;
  let brotli = 0;
  for (const file of files) {
    plain += await wireBytes(`${base}/${file}`);
    brotli += await wireBytes(`${base}/${file}`, 'br, gzip');
  }
  return { plain, brotli };
}

function cannon(url, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 10,
        duration: 4,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result.requests.average)),
    );
  });
}

/** list-all req/s and a bare Fastify route's with the same body, alternated, medians of 3. */
export async function apiThroughput(base, token) {
  const body = await (
    await fetch(`${base}/api/subscriptions/list-all`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).text();
  // The bare route runs in its own process, as Billow does, so the client is not sharing its thread.
  const bare = await bareFastify(body);
  const billow = [];
  const baseline = [];
  try {
    for (let i = 0; i < 3; i++) {
      billow.push(await cannon(`${base}/api/subscriptions/list-all`, token));
      baseline.push(await cannon(bare.url));
    }
  } finally {
    await bare.stop();
  }
  return { bytes: Buffer.byteLength(body), billow: median(billow), bare: median(baseline) };
}
