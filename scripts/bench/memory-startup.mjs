/**
 * The memory and start-up figures, measured from outside as a person starts Billow:
 * `npm start` until /api/health answers (npm, the builds' staleness checks and the server), the
 * server process's resident memory after start and after a 10 s list-all load with sign-in, and
 * its peak on a first start on a new data folder — each beside a bare Fastify process (one route
 * sending the same bytes) started and loaded in the same run. Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { linkToSubscriptions, serverEnv, signIn } from './app-load.mjs';
import { bareFastify, untilAnswers } from './bare-fastify.mjs';

const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '../..');
const LOAD_SECONDS = 10;
/** Start-up work and its garbage behind it, as a process sits after a person opened it. */
const SETTLE_MS = 5000;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory now (VmRSS) and at its highest (VmHWM) of one process, in MB. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)[1]) / 1024;
    return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
  } catch {
    return { rssMb: NaN, peakMb: NaN };
  }
}

function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The Node process under `npm start` that runs the server (npm runs it through a shell). */
function serverPidUnder(pid) {
  for (const child of childrenOf(pid)) {
    const [program, ...args] = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
    if (path.basename(program) === 'node' && args.includes('scripts/start.mjs')) return child;
    const below = serverPidUnder(child);
    if (below) return below;
  }
  return undefined;
}

/** `npm start` on a data folder (and a database, with DATABASE_URL), timed until healthy. */
export async function npmStart(port, dataDir, env = {}) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: serverEnv(port, dataDir, env),
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await untilAnswers(`${base}/api/health`, child);
  const healthyMs = performance.now() - started;
  const pid = serverPidUnder(child.pid);
  return {
    base,
    healthyMs,
    pid,
    async stop() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

function load(url, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 10,
        duration: LOAD_SECONDS,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result.requests.average)),
    );
  });
}

/** RSS after start (settled), then a person's sign-in and link, then after a 10 s load. */
async function underLoad(server, phoneNumber) {
  await wait(SETTLE_MS);
  const afterStart = memoryOf(server.pid);
  const token = await signIn(server.base, phoneNumber);
  await linkToSubscriptions(server.base, token, { waitMs: 4000 });
  const url = `${server.base}/api/subscriptions/list-all`;
  const body = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();
  await load(url, token);
  const afterLoad = memoryOf(server.pid);
  return { afterStart, afterLoad, body };
}

/**
 * One run: a first start on a new data folder, a restart on it with the load, the bare process
 * with the same load, and (with a URL) the same on a PostgreSQL server.
 */
async function oneRun(run, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billow-bench-'));
  // A PostgreSQL database keeps its people from earlier benches: a new number each time.
  const phone = (n) => `+1415558${String((Date.now() + run * 10 + n) % 10000).padStart(4, '0')}`;
  try {
    const first = await npmStart(3920 + run, dataDir);
    await wait(SETTLE_MS);
    const firstStart = { healthyMs: first.healthyMs, ...memoryOf(first.pid) };
    await first.stop();

    const again = await npmStart(3930 + run, dataDir);
    const embedded = { healthyMs: again.healthyMs, ...(await underLoad(again, phone(1))) };
    await again.stop();

    const bare = await bareFastify(embedded.body);
    await wait(SETTLE_MS);
    const bareAfterStart = memoryOf(bare.pid);
    await load(bare.url);
    const bareFigures = {
      healthyMs: bare.healthyMs,
      afterStart: bareAfterStart,
      afterLoad: memoryOf(bare.pid),
    };
    await bare.stop();

    let postgres;
    if (databaseUrl) {
      const server = await npmStart(3940 + run, dataDir, { DATABASE_URL: databaseUrl });
      postgres = { healthyMs: server.healthyMs, ...(await underLoad(server, phone(2))) };
      await server.stop();
    }
    return { firstStart, embedded, bare: bareFigures, postgres };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Medians of `runs` runs, each figure on its own. */
export async function memoryAndStartup({ runs, databaseUrl }) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await oneRun(run, databaseUrl));
  const of = (pick) => median(results.map(pick));
  const figures = {
    runs,
    startNewDataMs: of((r) => r.firstStart.healthyMs),
    startExistingDataMs: of((r) => r.embedded.healthyMs),
    bareStartMs: of((r) => r.bare.healthyMs),
    firstStartPeakMb: of((r) => r.firstStart.peakMb),
    firstStartSettledMb: of((r) => r.firstStart.rssMb),
    embeddedAfterStartMb: of((r) => r.embedded.afterStart.rssMb),
    embeddedAfterLoadMb: of((r) => r.embedded.afterLoad.rssMb),
    bareAfterStartMb: of((r) => r.bare.afterStart.rssMb),
    bareAfterLoadMb: of((r) => r.bare.afterLoad.rssMb),
  };
  if (databaseUrl)
    Object.assign(figures, {
      startPostgresMs: of((r) => r.postgres.healthyMs),
      postgresAfterStartMb: of((r) => r.postgres.afterStart.rssMb),
      postgresAfterLoadMb: of((r) => r.postgres.afterLoad.rssMb),
    });
  return figures;
}
