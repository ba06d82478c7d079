/**
 * The paths the list-all cache does not cover: each route's requests per second and
 * p99 beside a bare Fastify route sending the same bytes, in the same run. Reads are measured on
 * a person with a linked sandbox bank; list-all "on a miss" alternates a profile change (which
 * drops the person's cached answers) with the read, both requests counted. Printed, never asserted.
 * 50 connections. Each route is warmed for 1 s unmeasured; BENCH_QUICK=1
 * measures each side for 1 s, not 3 s.
 *
 * Given a database URL, the bare process also serves a "one statement" route: the same bytes
 * after one trivial query through a node-postgres pool of Billow's size (10). It is the floor of
 * any read that asks the database once per request, measured beside the bare route: how close
 * to bare a read can get by query shape alone.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = process.env.BENCH_QUICK ? 1 : 3;

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: seconds, ...options }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            p99: result.latency.p99,
            failures: result.non2xx + result.errors,
          }),
    );
  });
}

async function json(base, method, url, token, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
  return response.text();
}

/** The routes, in the order measured; the write goes last, as it hides a subscription. */
function routesFor(subscriptionIds) {
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  const [detailsId, deleteId] = subscriptionIds;
  const post = (url, body) => ({ method: 'POST', url, body });
  const get = (url) => ({ method: 'GET', url });
  return [
    ['profile-info', get('/api/user/profile-info')],
    ['list-all (miss)', { ...get('/api/subscriptions/list-all'), miss: true }],
    [
      'transaction-details',
      post('/api/subscriptions/transaction-details', { subscriptionId: detailsId }),
    ],
    ['calendar/upcoming', get(`/api/calendar/upcoming?from=${today}&until=${later}`)],
    ['insights/spending-history', get('/api/insights/spending-history')],
    ['insights/price-increases', get('/api/insights/price-increases')],
    ['negotiable-subscriptions', get('/api/subscriptions/negotiable-subscriptions')],
    ['instant-savings', get('/api/subscriptions/instant-savings')],
    ['rewards/balance', get('/api/rewards/balance')],
    ['rewards/lifetime-accrued', get('/api/rewards/lifetime-accrued')],
    ['rewards/next-reward', get('/api/rewards/next-reward')],
    ['rewards/history', get('/api/rewards/history')],
    [
      'subscriptions/delete (write)',
      post('/api/subscriptions/delete', { subscriptionId: deleteId }),
    ],
  ];
}

/** Each route beside the bare route with its body; one bare process serves every body. */
export async function pathThroughput(base, token, databaseUrl) {
  const list = JSON.parse(await json(base, 'GET', '/api/subscriptions/list-all', token));
  const ids = list.map((s) => s.id);
  if (ids.length < 2) throw new Error('the bench person needs two subscriptions');
  const routes = routesFor(ids);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billow-bench-bodies-'));
  for (const [i, [, route]] of routes.entries())
    fs.writeFileSync(
      path.join(dir, String(i)),
      await json(base, route.method, route.url, token, route.body),
    );
  const bare = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; import fs from 'node:fs'; import path from 'node:path';
       const dir = process.env.BODY_DIR;
       const bodies = fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f))]);
       const byName = new Map(bodies);
       const app = Fastify();
       const send = (q, reply) => reply.type('application/json').send(byName.get(q.params.i));
       app.get('/bare/:i', send); app.post('/bare/:i', send);
       if (process.env.FLOOR_DATABASE_URL) {
         const { default: pg } = await import('pg');
         const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
         app.get('/one-statement/:i', async (q, reply) => {
           await pool.query('select 1 as one');
           return reply.type('application/json').send(byName.get(q.params.i));
         });
       }
       const url = await app.listen({ port: 0, host: '127.0.0.1' });
       process.stdout.write(url + '\\n');`,
    ],
    {
      cwd: root,
      env: { ...process.env, BODY_DIR: dir, FLOOR_DATABASE_URL: databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const bareUrl = await new Promise((resolve) =>
    bare.stdout.once('data', (chunk) => resolve(chunk.toString().trim())),
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const results = [];
  try {
    for (const [i, [name, route]] of routes.entries()) {
      const body = route.body ? JSON.stringify(route.body) : undefined;
      const requests = route.miss
        ? ['Europe/London', 'America/New_York'].flatMap((zone) => [
            {
              method: 'POST',
              path: '/api/user/update-profile-info',
              body: JSON.stringify({ time_zone: zone }),
            },
            { method: 'GET', path: route.url },
          ])
        : [{ method: route.method, path: route.url, body }];
      // A short unmeasured run first, so the figure is the warm server's, not its first requests'.
      await cannon({ url: base, headers, requests, duration: 1 });
      const billow = await cannon({ url: base, headers, requests });
      const reference = await cannon({
        url: `${bareUrl}/bare/${i}`,
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body,
      });
      results.push({ name, billow, bare: reference, ratio: billow.rps / reference.rps });
    }
    if (databaseUrl) {
      // The floor once, beside a bare run of its own: profile-info's bytes after one statement.
      await cannon({ url: `${bareUrl}/one-statement/0`, duration: 1 });
      const floor = await cannon({ url: `${bareUrl}/one-statement/0` });
      const reference = await cannon({ url: `${bareUrl}/bare/0` });
      results.push({
        name: 'one statement, no sign-in',
        billow: floor,
        bare: reference,
        ratio: floor.rps / reference.rps,
      });
    }
  } finally {
    bare.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

export function printPaths(label, results, target) {
  for (const r of results)
    console.log(
      `  ${label} ${r.name.padEnd(29)} ${r.billow.rps.toFixed(0).padStart(6)} req/s p99 ${String(r.billow.p99).padStart(4)} ms` +
        ` vs bare ${r.bare.rps.toFixed(0).padStart(6)}: ratio ${r.ratio.toFixed(3)}` +
        (target ? ` (target ≥ ${target})` : '') +
        (r.billow.failures ? `  ${r.billow.failures} failed` : ''),
    );
}
