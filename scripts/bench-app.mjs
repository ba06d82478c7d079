/**
 * `npm run bench:app`: figures for the web bundle and the server start-up, printed, never
 * asserted. Initial JS for / is every script index.html loads or preloads, gzipped; initial JS
 * per route adds the route's own chunks (scripts/bench/initial-js.mjs); start-up is the time
 * from spawning `npm start`'s entry (warm build, fresh data folder) to a healthy /api/health,
 * the median of a few runs. Then issue 16's figures from a running server
 * (scripts/bench/app-load.mjs): bytes sent, link → subscriptions, and list-all's requests per
 * second beside a bare Fastify route's in the same run — on the embedded database, and on
 * PostgreSQL too when BENCH_DATABASE_URL names an empty database to use. The embedded
 * database's memory: the server process's peak and settled resident memory after its first start
 * on a new data folder, and settled after a restart on it (read from /proc, so Linux only); on
 * PostgreSQL, the Node process's settled memory after start and its peak and settled memory
 * after the list-all load.
 * Lighthouse scores (scripts/bench/lighthouse.mjs) close the list.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureWebBuild } from './web-build.mjs';
import { INITIAL_JS_BUDGETS, initialJsPerRoute } from './bench/initial-js.mjs';
import { lighthouseScores } from './bench/lighthouse.mjs';
import {
  apiThroughput,
  linkToSubscriptions,
  signIn,
  startServer,
  transferForRoute,
} from './bench/app-load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');

ensureWebBuild();
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const initialJs = scripts.reduce((sum, file) => sum + gz(file), 0);
const allJs = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + gz(`/assets/${f}`), 0);
const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].reduce(
  (sum, m) => sum + gz(m[1]),
  0,
);

async function startOnce(port, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', 'all'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BILLOW_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const response = await fetch(`http://localhost:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const elapsed = performance.now() - started;
  // Settled: what the process holds once start-up work and its garbage are behind it.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const memory = memoryOf(child.pid);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return { elapsed, ...memory };
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MB, where /proc has them. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)[1]) / 1024;
    return { peakMb: mb('VmHWM'), rssMb: mb('VmRSS') };
  } catch {
    return { peakMb: NaN, rssMb: NaN };
  }
}

const runs = [];
for (let i = 0; i < 3; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billow-bench-'));
  runs.push(await startOnce(3900 + i, dataDir));
  runs.push(await startOnce(3950 + i, dataDir)); // restart on an existing data folder
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = runs
  .filter((_, i) => i % 2 === 0)
  .map((run) => run.elapsed)
  .sort((a, b) => a - b);
const warm = runs
  .filter((_, i) => i % 2 === 1)
  .map((run) => run.elapsed)
  .sort((a, b) => a - b);
const memory = {
  firstStartPeakMb: Math.round(medianOf(runs.filter((_, i) => i % 2 === 0).map((r) => r.peakMb))),
  firstStartSettledMb: Math.round(medianOf(runs.filter((_, i) => i % 2 === 0).map((r) => r.rssMb))),
  restartSettledMb: Math.round(medianOf(runs.filter((_, i) => i % 2 === 1).map((r) => r.rssMb))),
};
// kB of 1,000 bytes, as Vite and the issue count them.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

console.log('Billow app bench');
console.log(`  initial JS for / (gzip)           ${kb(initialJs)}  (${scripts.length} files)`);
console.log(`  all JS chunks (gzip)              ${kb(allJs)}`);
console.log(`  CSS (gzip)                        ${kb(css)}`);
console.log(
  `  npm start → healthy, new data     ${(fresh[1] / 1000).toFixed(2)} s (median of ${fresh.length})`,
);
console.log(
  `  npm start → healthy, existing     ${(warm[1] / 1000).toFixed(2)} s (median of ${warm.length})`,
);
console.log(
  `  PGlite server memory, first start  peak ${memory.firstStartPeakMb} MB (target ≤ 600), ` +
    `settled ${memory.firstStartSettledMb} MB; after a restart settled ${memory.restartSettledMb} MB ` +
    `(target ≤ 350 idle)`,
);
const perRoute = initialJsPerRoute(dist);
for (const [route, bytes] of Object.entries(perRoute))
  console.log(
    `  initial JS ${route.padEnd(22)} ${kb(bytes)}  (target ≤ ${kb(INITIAL_JS_BUDGETS[route])} gzip)`,
  );

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const signupFiles = [
  ...new Set([
    ...scripts.map((file) => file.slice(1)),
    manifest['src/app/routes/signup.tsx'].file,
    ...(manifest['src/app/routes/signup.tsx'].imports ?? []).map((key) => manifest[key].file),
  ]),
];

const embedded = await startServer(3990);
let figures;
try {
  const transfer = await transferForRoute(embedded.base, signupFiles);
  console.log(
    `  /signup scripts over the wire      ${kb(transfer.brotli)} brotli, ${kb(transfer.plain)} uncompressed`,
  );
  const links = [];
  for (let i = 0; i < 3; i++) {
    const token = await signIn(embedded.base, `+1415555${String(1000 + i)}`);
    links.push(await linkToSubscriptions(embedded.base, token, { waitMs: 4000 }));
  }
  const oldWay = await linkToSubscriptions(
    embedded.base,
    await signIn(embedded.base, '+14155552000'),
    { waitMs: 0 },
  );
  const linkMs = links.sort((a, b) => a - b)[1];
  console.log(
    `  link → subscriptions visible      ${(linkMs / 1000).toFixed(2)} s (median of 3; target ≤ 1 s; ` +
      `${(oldWay / 1000).toFixed(2)} s asking without waitMs, re-asking every 5 s)`,
  );
  const token = await signIn(embedded.base, '+14155553000');
  await linkToSubscriptions(embedded.base, token, { waitMs: 4000 });
  const pglite = await apiThroughput(embedded.base, token);
  console.log(
    `  list-all req/s, PGlite            ${pglite.billow.toFixed(0)} vs bare Fastify ${pglite.bare.toFixed(0)} ` +
      `(${pglite.bytes} bytes): ratio ${(pglite.billow / pglite.bare).toFixed(3)} (target ≥ 0.10)`,
  );
  figures = { signupTransfer: transfer, linkMs, linkMsPolling: oldWay, pglite };
  const scores = await lighthouseScores(embedded.base, { phoneNumber: '+14155554000' });
  if (scores.skipped)
    console.log(`  Lighthouse                         skipped: ${scores.skipped}`);
  else
    for (const [route, s] of Object.entries(scores))
      console.log(
        `  Lighthouse mobile ${route.padEnd(16)} performance ${s.performance} (target ≥ 95), ` +
          `accessibility ${s.accessibility} (target 100); FCP ${(s.fcpMs / 1000).toFixed(1)} s, ` +
          `LCP ${(s.lcpMs / 1000).toFixed(1)} s, TBT ${s.tbtMs} ms, CLS ${s.cls} (median of 3; ` +
          `this machine's Lighthouse benchmark index ${s.benchmarkIndex})` +
          (s.finalPath === route.split(' ')[0] ? '' : `; ended on ${s.finalPath}`),
      );
  figures.lighthouse = scores;
} finally {
  await embedded.stop();
}
if (process.env.BENCH_DATABASE_URL) {
  const server = await startServer(3991, { DATABASE_URL: process.env.BENCH_DATABASE_URL });
  try {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = memoryOf(server.pid);
    const token = await signIn(
      server.base,
      `+1415556${String(Date.now() % 10000).padStart(4, '0')}`,
    );
    await linkToSubscriptions(server.base, token, { waitMs: 4000 });
    const postgres = await apiThroughput(server.base, token);
    console.log(
      `  list-all req/s, PostgreSQL        ${postgres.billow.toFixed(0)} vs bare Fastify ${postgres.bare.toFixed(0)}: ` +
        `ratio ${(postgres.billow / postgres.bare).toFixed(3)} (target ≥ 0.25)`,
    );
    figures.postgres = postgres;
    // The Node process only: the database's memory is the PostgreSQL server's.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const loaded = memoryOf(server.pid);
    console.log(
      `  PostgreSQL server memory (Node)   settled ${Math.round(idle.rssMb)} MB after start; ` +
        `peak ${Math.round(loaded.peakMb)} MB under list-all load, settled ${Math.round(loaded.rssMb)} MB after it`,
    );
    figures.postgresMemory = {
      idleSettledMb: Math.round(idle.rssMb),
      loadPeakMb: Math.round(loaded.peakMb),
      loadSettledMb: Math.round(loaded.rssMb),
    };
  } finally {
    await server.stop();
  }
} else {
  console.log('  list-all req/s, PostgreSQL        skipped (set BENCH_DATABASE_URL)');
}

console.log(
  JSON.stringify({
    initialJsPerRouteGzipBytes: perRoute,
    ...figures,
    initialJsGzipBytes: initialJs,
    allJsGzipBytes: allJs,
    cssGzipBytes: css,
    startupFreshMs: Math.round(fresh[1]),
    startupExistingMs: Math.round(warm[1]),
    pgliteMemory: memory,
  }),
);
