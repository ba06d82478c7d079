/**
 * `npm run bench:jobs`: how long a request waits on the embedded database while a large job
 * runs beside it. A probe asks for the profile one request after another while
 * (1) a newly linked bank sends 6,000 transactions (the sync, then detection over them) and
 * (2) a 6,000-row CSV statement is imported (the import request, then detection over it);
 * printed: each phase's length and the probe's slowest and 95th-percentile answer. On PostgreSQL
 * too when BENCH_DATABASE_URL names a database to use. BENCH_ROOT runs another checkout's server
 * (to compare with a commit before a change).
 */
import { performance } from 'node:perf_hooks';
import { call, signIn, startServer } from '../../../scripts/bench/app-load.mjs';

const ROWS = 6000;
const today = new Date().toISOString().slice(0, 10);
const dayFrom = (offset) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Asks for the profile one request after another until stopped; answers the waits in ms. */
function probe(base, token) {
  const waits = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      await call(base, 'GET', '/api/user/profile-info', { token });
      waits.push(performance.now() - started);
      if (process.env.BENCH_VERBOSE && waits.at(-1) > 200)
        console.log(
          `    waited ${Math.round(waits.at(-1))} ms from ${Math.round(performance.timeOrigin + started)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      const sorted = [...waits].sort((a, b) => a - b);
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { requests: waits.length, p95Ms: Math.round(at(0.95)), maxMs: Math.round(at(1)) };
    },
  };
}

async function loaded(base, token) {
  for (;;) {
    const status = await call(base, 'GET', '/api/user/transaction-load-status', { token });
    if (status.transactionsLoaded) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function history() {
  return Array.from({ length: ROWS }, (_, i) => ({
    date_transacted: dayFrom(-Math.floor(i / 8) - 1),
    date_posted: dayFrom(-Math.floor(i / 8) - 1),
    amount: i % 100 === 0 ? 15.49 : 3 + (i % 40),
    description: i % 100 === 0 ? 'NETFLIX.COM' : `CORNER SHOP ${i % 700}`,
    currency: 'USD',
  }));
}

function statement() {
  const us = (iso) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const lines = Array.from({ length: ROWS }, (_, i) =>
    i % 100 === 0
      ? `${us(dayFrom(-30 * (i / 100) - 4))},"SPOTIFY USA",-11.99`
      : `${us(dayFrom(-Math.floor(i / 8) - 1))},"GROCER ${i % 700}",-${(3 + (i % 40)).toFixed(2)}`,
  );
  return ['Posting Date,Description,Amount', ...lines].join('\n');
}

async function measure(label, port, env) {
  const server = await startServer(port, { SERVE_WEB: 'false', ...env });
  const figures = {};
  try {
    const token = await signIn(
      server.base,
      `+1415558${String(Date.now() % 10000).padStart(4, '0')}`,
    );
    const created = await call(server.base, 'POST', '/api/dev/sandbox/public-token', {
      body: {
        // Two accounts (the sandbox takes at most 5,000 transactions an account).
        override_accounts: [0, 1].map((half) => ({
          type: 'depository',
          subtype: 'checking',
          starting_balance: 100000,
          meta: { name: `Checking ${half + 1}`, mask: `424${half}` },
          transactions: history().filter((_, i) => i % 2 === half),
        })),
      },
    });
    let p = probe(server.base, token);
    let started = performance.now();
    await call(server.base, 'POST', '/api/plaid/link/result', {
      token,
      body: { publicToken: created.public_token },
    });
    if (process.env.BENCH_VERBOSE)
      console.log(`    linked ${Math.round(started)} → ${Math.round(performance.now())}`);
    await loaded(server.base, token);
    if (process.env.BENCH_VERBOSE) console.log(`    loaded ${Math.round(performance.now())}`);
    figures.sync = { ms: Math.round(performance.now() - started), ...(await p.stop()) };

    p = probe(server.base, token);
    started = performance.now();
    await call(server.base, 'POST', '/api/imports/commit', {
      token,
      body: { fileName: 'statement.csv', fileText: statement() },
    });
    const importMs = Math.round(performance.now() - started);
    // Detection follows the import as a job: the probe goes on while it runs.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    figures.import = { ms: importMs, ...(await p.stop()) };
  } finally {
    await server.stop();
  }
  for (const [phase, f] of Object.entries(figures))
    console.log(
      `  ${label} ${phase.padEnd(7)} ${String(f.ms).padStart(6)} ms; a request waited p95 ${f.p95Ms} ms, at most ${f.maxMs} ms (${f.requests} requests)`,
    );
  return figures;
}

console.log(
  `Requests beside large jobs (${ROWS} transactions; sync = link to loaded, import = commit + 3 s)`,
);
const all = { pglite: await measure('PGlite    ', 3994, {}) };
if (process.env.BENCH_DATABASE_URL)
  all.postgres = await measure('PostgreSQL', 3995, {
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
  });
else console.log('  PostgreSQL skipped (set BENCH_DATABASE_URL)');
console.log(JSON.stringify(all));
