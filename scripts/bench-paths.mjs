/**
 * `npm run bench:paths`: the routes the list-all cache does not cover, each beside a bare Fastify
 * route in the same run (scripts/bench/api-paths.mjs), on the embedded database and on
 * PostgreSQL when BENCH_DATABASE_URL names a database to use. Target: every read
 * ≥ 0.25 of bare on PostgreSQL on a miss. BENCH_QUICK=1 for a shorter run; BENCH_PORT to move the
 * two servers' ports (default 3992 and the next) off another run's.
 */
import { linkToSubscriptions, signIn, startServer } from './bench/app-load.mjs';
import { pathThroughput, printPaths } from './bench/api-paths.mjs';

const port = Number(process.env.BENCH_PORT ?? 3992);
const figures = {};
async function measure(label, port, env, target) {
  const server = await startServer(port, env);
  try {
    const phone = `+1415557${String(Date.now() % 10000).padStart(4, '0')}`;
    const token = await signIn(server.base, phone);
    await linkToSubscriptions(server.base, token, { waitMs: 4000 });
    const results = await pathThroughput(server.base, token, env.DATABASE_URL);
    printPaths(label, results, target);
    figures[label.trim()] = results.map((r) => ({
      route: r.name,
      rps: Math.round(r.billow.rps),
      p99Ms: r.billow.p99,
      bareRps: Math.round(r.bare.rps),
      ratio: Number(r.ratio.toFixed(3)),
    }));
  } finally {
    await server.stop();
  }
}

console.log('Billow paths bench (each route beside a bare Fastify route, same run)');
await measure('PGlite    ', port, {});
if (process.env.BENCH_DATABASE_URL)
  await measure('PostgreSQL', port + 1, { DATABASE_URL: process.env.BENCH_DATABASE_URL }, 0.25);
else console.log('  PostgreSQL skipped (set BENCH_DATABASE_URL)');
console.log(JSON.stringify(figures));
