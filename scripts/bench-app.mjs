/**
 * `npm run bench:app`: figures for the web bundle and the server start-up, printed, never
 * asserted. Initial JS for / is every script index.html loads or preloads, gzipped; initial JS
 * per route adds the route's own chunks (scripts/bench/initial-js.mjs). Memory and start-up
 * (scripts/bench/memory-startup.mjs): `npm start` until /api/health answers on new and
 * on existing data, the server's resident memory after start and after a 10 s load, and its peak
 * on a first start, beside a bare Fastify process in the same run; medians of BENCH_RUNS runs
 * (3), with the builds up to date. Then the load figures from a running server
 * (scripts/bench/app-load.mjs): bytes sent, link → subscriptions, and list-all's requests per
 * second beside a bare Fastify route's in the same run. Both on the embedded database, and on
 * PostgreSQL too when BENCH_DATABASE_URL names a database to use.
 * Lighthouse scores (scripts/bench/lighthouse.mjs) close the list.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';
import { memoryAndStartup } from './bench/memory-startup.mjs';
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

ensureServerBuild();
const runs = Number(process.env.BENCH_RUNS ?? 3);
const memory = await memoryAndStartup({ runs, databaseUrl: process.env.BENCH_DATABASE_URL });
// kB of 1,000 bytes, as Vite and the issue count them.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

console.log('Billow app bench');
console.log(`  initial JS for / (gzip)           ${kb(initialJs)}  (${scripts.length} files)`);
console.log(`  all JS chunks (gzip)              ${kb(allJs)}`);
console.log(`  CSS (gzip)                        ${kb(css)}`);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (value) => `${Math.round(value)} MB`;
console.log(
  `  memory and start-up: medians of ${runs} runs, each beside a bare Fastify process (one route, ` +
    'the same bytes) started and loaded in the same run',
);
console.log(
  `  npm start → healthy, existing data ${seconds(memory.startExistingDataMs)} (target ≤ 1.5 s; ` +
    `bare Fastify process ${seconds(memory.bareStartMs)} from spawn)`,
);
console.log(
  `  npm start → healthy, new data      ${seconds(memory.startNewDataMs)} (target ≤ 3 s)`,
);
console.log(
  `  embedded RSS after start           ${mb(memory.embeddedAfterStartMb)} (target ≤ 300 MB; bare ` +
    `${mb(memory.bareAfterStartMb)}); after a 10 s list-all load ${mb(memory.embeddedAfterLoadMb)} ` +
    `(bare ${mb(memory.bareAfterLoadMb)})`,
);
console.log(
  `  embedded peak on a first start     ${mb(memory.firstStartPeakMb)} (target ≤ 450 MB); settled ` +
    `${mb(memory.firstStartSettledMb)}`,
);
if (memory.postgresAfterStartMb === undefined)
  console.log('  PostgreSQL RSS                     skipped (set BENCH_DATABASE_URL)');
else
  console.log(
    `  PostgreSQL RSS after start         ${mb(memory.postgresAfterStartMb)} (target ≤ 120 MB; bare ` +
      `${mb(memory.bareAfterStartMb)}); after a 10 s list-all load ${mb(memory.postgresAfterLoadMb)} ` +
      `(target ≤ 120 MB; bare ${mb(memory.bareAfterLoadMb)}); npm start → healthy ` +
      seconds(memory.startPostgresMs),
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
    memoryAndStartup: memory,
  }),
);
