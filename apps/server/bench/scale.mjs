/**
 * `npm run bench:scale`: Billow with many people on one PostgreSQL database.
 *
 * Seeding: one person signs in and links the sandbox bank through the API (about 200
 * transactions a year: pay, groceries and a few subscriptions), so every row is written by the
 * real link, sync and detection. That person's rows are then copied in bulk SQL
 * (INSERT … SELECT over generate_series) to N people: every id remapped (the copy's number, then
 * a part worked out once per template row), a phone number each, and a sandbox item of their own
 * whose access token is encrypted as the app encrypts it (the same ENCRYPTION_KEY), so a re-sync
 * of a copy talks to the sandbox bank like a linked item does.
 *
 * Measured, each beside its target:
 * - per-person latency (list-all on a miss and a hit, profile-info) for people signed in with
 *   real tokens, at 1,000 people and at N;
 * - the hourly pending-events scan over everyone (its job and every batch job it queues) first
 *   after seeding, again, and again with a second worker process; the daily balance check (people
 *   per second, wall time);
 * - a daily re-sync plus detection on a sample of items (items per second, extrapolated to N);
 * - the database's size per person;
 * - 1 vs 2 API processes (profile-info req/s) and 1 vs 2 worker processes (detections per second)
 *   on the one database, and that no job ran twice (a claim log on the job system's own
 *   job_claims table: one row per handler run).
 *
 * BENCH_DATABASE_URL names a database the bench DROPS and creates again (required).
 * BENCH_SCALE_N people (default 10,000); BENCH_PORT the first of 4 ports (default 3240);
 * BENCH_SAMPLE sampled people for latency (default 50); BENCH_SYNC_SAMPLE items re-synced
 * (default 300); BENCH_JOBS detections per worker round (default 300);
 * BENCH_INDEXES_DURING_COPY=1 keeps the secondary indexes while seeding (the old, slower way).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { call, signIn } from '../../../scripts/bench/app-load.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.log('bench:scale needs BENCH_DATABASE_URL: a PostgreSQL database it may drop and create');
  process.exit(1);
}
const N = Number(process.env.BENCH_SCALE_N ?? 10_000);
const FIRST_N = Math.min(1000, N);
const PORT = Number(process.env.BENCH_PORT ?? 3240);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 50);
const SYNC_SAMPLE = Math.min(N, Number(process.env.BENCH_SYNC_SAMPLE ?? 300));
const JOBS = Math.min(Math.floor(N / 2), Number(process.env.BENCH_JOBS ?? 300));
const CHUNK = 2000;
const encryptionKey = crypto.randomBytes(32);
const secrets = {
  ENCRYPTION_KEY: encryptionKey.toString('base64'),
  AUTH_SECRET: crypto.randomBytes(36).toString('base64'),
};
const started = performance.now();
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const round = (value, digits = 0) => Number(value.toFixed(digits));
const figures = { n: N, cores: os.cpus().length };
const line = (label, value, target = '') =>
  console.log(`  ${label.padEnd(46)} ${String(value).padStart(14)}  ${target}`);

// --- the database ---------------------------------------------------------------------------

async function recreateDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(url, { pathname: '/postgres' }).href,
  });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const q = async (sql, params) => (await db.query(sql, params)).rows;

// --- Billow processes -----------------------------------------------------------------------

const processes = new Set();
// A failed run leaves no Billow process behind.
process.on('exit', () => {
  for (const p of processes) p.kill();
});
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  process.exit(1);
});
/** `scripts/start.mjs <mode>` on the bench database; an API process is ready when healthy. */
async function startBillow(mode, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billow-scale-'));
  const child = spawn(process.execPath, ['scripts/start.mjs', mode], {
    cwd: root,
    env: {
      ...process.env,
      ...secrets,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BILLOW_DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      // Many sign-ins from one address, on purpose.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      OTP_VERIFY_LIMIT_PER_PHONE_PER_MINUTE: '10000',
      SMS_MAX_PER_ADDRESS_PER_HOUR: '1000000',
      SMS_BUDGET_PER_HOUR: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const running = {
    base: `http://127.0.0.1:${port}`,
    kill: () => child.exitCode === null && child.kill('SIGKILL'),
    async stop() {
      processes.delete(running);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.on('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  processes.add(running);
  const before =
    mode === 'worker' ? Number((await q('SELECT count(*) FROM job_workers'))[0].count) : 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`billow ${mode} exited with ${child.exitCode}`);
    try {
      if (mode === 'worker') {
        const [row] = await q('SELECT count(*) FROM job_workers');
        if (Number(row.count) > before) break;
      } else if ((await fetch(`${running.base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return running;
}

// --- seeding ----------------------------------------------------------------------------------

/** The number of person g (0 is the one who linked through the API). */
const phoneOf = (g) => `+1415${String(2_000_000 + g).padStart(7, '0')}`;

/** A year of one household's bank account: about 200 transactions. */
function history() {
  const today = new Date();
  const day = (offset) => {
    const d = new Date(today);
    d.setUTCDate(d.getUTCDate() - offset);
    return d.toISOString().slice(0, 10);
  };
  const rows = [];
  const add = (offset, amount, description) =>
    rows.push({
      date_transacted: day(offset),
      date_posted: day(offset),
      amount,
      description,
      currency: 'USD',
    });
  for (let m = 0; m < 12; m++) {
    add(m * 30 + 3, 15.49, 'NETFLIX.COM');
    add(m * 30 + 9, 11.99, 'SPOTIFY USA');
    add(m * 30 + 14, 39.99, 'PLANET FITNESS CLUB FEES');
    add(m * 30 + 21, 2.99, 'APPLE.COM/BILL ICLOUD');
  }
  add(200, 139, 'AMAZON PRIME*MEMBERSHIP');
  for (let w = 0; w < 26; w++) add(w * 14 + 1, -1850, 'ACME CORP PAYROLL');
  for (let i = 0; i < 125; i++)
    add(1 + ((i * 73) % 360), round(8 + ((i * 37) % 90) + 0.45, 2), `CORNER GROCER ${i % 9}`);
  return rows;
}

async function seedTemplate(server) {
  const token = await signIn(server.base, phoneOf(0));
  const created = await call(server.base, 'POST', '/api/dev/sandbox/public-token', {
    body: {
      override_accounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 2400,
          meta: { name: 'Checking', mask: '4242' },
          transactions: history(),
        },
      ],
    },
  });
  await call(server.base, 'POST', '/api/plaid/link/result', {
    token,
    body: { publicToken: created.public_token },
  });
  for (;;) {
    const status = await call(server.base, 'GET', '/api/user/transaction-load-status?waitMs=4000', {
      token,
    });
    if (status.transactionsLoaded) break;
  }
  const list = await call(server.base, 'GET', '/api/subscriptions/list-all', { token });
  const [person] = await q('SELECT id FROM users WHERE phone_number = $1', [phoneOf(0)]);
  return { userId: person.id, subscriptions: list.length };
}

/**
 * How to copy the template's rows: the public tables holding them (users, and every table with
 * its user_id), in foreign-key order, each column with the expression that writes copy g.
 */
async function clonePlan(userId) {
  const withUser = await q(
    `SELECT c.table_name AS t FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'`,
  );
  const tables = ['users'];
  const where = { users: 'id = $1' };
  // Sessions are each person's own: the sampled people sign in.
  for (const { t } of withUser.filter(({ t }) => t !== 'refresh_tokens')) {
    const [row] = await q(`SELECT count(*) FROM "${t}" WHERE user_id = $1`, [userId]);
    if (Number(row.count) > 0) tables.push(t);
    where[t] = 'user_id = $1';
  }
  const foreignKeys = await q(
    `SELECT c.conrelid::regclass::text AS t, a.attname AS col, c.confrelid::regclass::text AS ref
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const columns = await q(
    `SELECT table_name AS t, column_name AS col, data_type AS type FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY ordinal_position`,
  );
  // Rows without a user_id that belong to the person's rows (a subscription's transactions).
  const owned = new Set(withUser.map(({ t }) => t));
  for (const fk of foreignKeys) {
    if (owned.has(fk.t) || fk.t === 'users' || tables.includes(fk.t) || !tables.includes(fk.ref))
      continue;
    const condition = `"${fk.col}" IN (SELECT id FROM "${fk.ref}" WHERE ${where[fk.ref]})`;
    const [row] = await q(`SELECT count(*) FROM "${fk.t}" WHERE ${condition}`, [userId]);
    if (Number(row.count) > 0) {
      tables.push(fk.t);
      where[fk.t] = condition;
    }
  }
  const cloned = new Set(tables);
  const mapped = (t, col, type) =>
    type === 'uuid' &&
    (col === 'id' || foreignKeys.some((fk) => fk.t === t && fk.col === col && cloned.has(fk.ref)));
  const special = {
    'users.phone_number': `'+1415' || lpad((2000000 + g)::text, 7, '0')`,
    'bank_items.provider_item_id': `provider_item_id || '-' || g`,
    'bank_items.access_token_encrypted': `(SELECT encrypted FROM bench_tokens k WHERE k.g = s.g)`,
    'bank_items.link_public_token_hash': 'NULL',
  };
  // Parents before children.
  const order = [];
  const visit = (t, seen = new Set()) => {
    if (order.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const fk of foreignKeys)
      if (fk.t === t && fk.ref !== t && cloned.has(fk.ref)) visit(fk.ref, seen);
    order.push(t);
  };
  for (const t of tables) visit(t);
  // A copy's id is v4-shaped (version and variant bits set: ids are checked as UUIDs, zod's
  // uuid()): the copy's number in 8 hex digits, then 24 of the md5 of the template's id. The md5
  // part is worked out once per template row (subquery t) and the number once per copy
  // (subquery s), so a copied row only joins two strings per id: working out the md5 for every
  // copied row was most of the seeding's time (46 people a second). Leading with the copy's
  // number, ids of a chunk go to the right edge of each index, in pages that stay in memory.
  // OFFSET 0 keeps each subquery from being merged into the join, and its work with it.
  const suffix = (col) =>
    `overlay(overlay(substr(md5("${col}"::text), 9) placing '4' from 5) placing '8' from 9) AS "${col}__id"`;
  return order.map((t) => {
    const cols = columns.filter((c) => c.t === t);
    const idCols = cols.filter(({ col, type }) => !special[`${t}.${col}`] && mapped(t, col, type));
    const exprs = cols.map(({ col, type }) => {
      if (special[`${t}.${col}`]) return special[`${t}.${col}`];
      if (mapped(t, col, type)) return `(s.p || t."${col}__id")::uuid`;
      return `t."${col}"`;
    });
    return {
      table: t,
      sql: `INSERT INTO "${t}" (${cols.map((c) => `"${c.col}"`).join(', ')})
            SELECT ${exprs.join(', ')}
              FROM (SELECT ${['*', ...idCols.map((c) => suffix(c.col))].join(', ')} FROM "${t}"
                     WHERE ${where[t]} OFFSET 0) t
             CROSS JOIN (SELECT g, lpad(to_hex(g), 8, '0') AS p
                           FROM generate_series($2::int, $3::int) g OFFSET 0) s`,
    };
  });
}

/** Copies the template to people from..to (inclusive), CHUNK people a transaction. */
async function seed(plan, userId, from, to) {
  const [item] = await q(
    `SELECT i.provider_item_id AS provider, s.spec, s.seed FROM bank_items i
       JOIN sandbox_bank.items s ON s.item_id = i.provider_item_id WHERE i.user_id = $1`,
    [userId],
  );
  // The copied tables' secondary indexes (not unique, not a key: nothing checks them while
  // copying) are built once after the copy instead of row by row during it.
  const indexes =
    process.env.BENCH_INDEXES_DURING_COPY === '1'
      ? []
      : await q(
          `SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS def
             FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
             JOIN pg_class ct ON ct.oid = i.indrelid
            WHERE ct.relnamespace = 'public'::regnamespace AND ct.relname = ANY ($1::text[])
              AND NOT i.indisunique AND NOT i.indisprimary`,
          [plan.map((p) => p.table)],
        );
  for (const index of indexes) await q(`DROP INDEX "${index.name}"`);
  for (let start = from; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      // The copies' foreign keys hold by construction: checking each row's three (a bank
      // transaction's person, item and account) would be most of the seeding's time. The other
      // triggers skipped only notify running processes of changes; none runs while seeding.
      await client.query(`SET LOCAL session_replication_role = replica`);
      // Each copy's own sandbox item and access token, encrypted as the app does (AES-256-GCM).
      const tokens = [];
      for (let g = start; g <= end; g++) {
        const token = `access-sandbox-${crypto.randomUUID()}`;
        const iv = crypto.randomBytes(12);
        const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey, iv);
        const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
        const encrypted = ['v1', iv, cipher.getAuthTag(), body]
          .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
          .join('.');
        tokens.push([g, encrypted, crypto.createHash('sha256').update(token).digest('base64url')]);
      }
      await client.query(
        'CREATE TEMP TABLE IF NOT EXISTS bench_tokens (g int, encrypted text, hash text)',
      );
      await client.query('TRUNCATE bench_tokens');
      await client.query(
        `INSERT INTO bench_tokens SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
        [tokens.map((t) => t[0]), tokens.map((t) => t[1]), tokens.map((t) => t[2])],
      );
      await client.query(
        `INSERT INTO sandbox_bank.items (item_id, access_token_hash, spec, seed, created_at)
         SELECT $1 || '-' || g, hash, $2::jsonb, $3, now() FROM bench_tokens`,
        [item.provider, JSON.stringify(item.spec), item.seed],
      );
      for (const step of plan) await client.query(step.sql, [userId, start, end]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  if (indexes.length) {
    const client = await db.connect();
    try {
      await client.query(`SET maintenance_work_mem = '256MB'`);
      for (const index of indexes) await client.query(index.def);
    } finally {
      await client.query('RESET maintenance_work_mem');
      client.release();
    }
  }
  await q('ANALYZE');
}

// --- measurements -----------------------------------------------------------------------------

/** list-all (a miss, then a hit) and profile-info for sampled people, 5 at a time. */
async function latency(server, population) {
  const people = Array.from({ length: SAMPLE }, (_, i) =>
    Math.floor(((i + 0.5) * population) / SAMPLE),
  );
  const tokens = [];
  for (const g of people) tokens.push(await signIn(server.base, phoneOf(g)));
  const waits = { miss: [], hit: [], profile: [] };
  const timed = async (bucket, url, token) => {
    const t0 = performance.now();
    await call(server.base, 'GET', url, { token });
    waits[bucket].push(performance.now() - t0);
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++];
        await timed('miss', '/api/subscriptions/list-all', token);
        for (let i = 0; i < 3; i++) await timed('hit', '/api/subscriptions/list-all', token);
        for (let i = 0; i < 4; i++) await timed('profile', '/api/user/profile-info', token);
      }
    }),
  );
  const out = {};
  for (const [k, v] of Object.entries(waits))
    out[k] = { p50: round(quantile(v, 0.5), 1), p99: round(quantile(v, 0.99), 1), n: v.length };
  return out;
}

async function startBoss() {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    supervise: false,
    schedule: false,
    migrate: false,
    max: 2,
  });
  boss.on('error', () => undefined);
  await boss.start();
  return boss;
}

/** Waits until every job of `ids` (on queue `name`) has an outcome; answers the failed count. */
async function settled(name, ids) {
  for (;;) {
    const [row] = await q(
      `SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active')) AS open,
              count(*) FILTER (WHERE state = 'failed') AS failed
         FROM pgboss.job WHERE name = $1 AND id = ANY ($2::uuid[])`,
      [name, ids],
    );
    if (Number(row.open) === 0) return Number(row.failed);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Detection jobs still waiting or running for these people (a sync enqueues one). */
async function detectionsSettled(userIds) {
  for (;;) {
    const [row] = await q(
      `SELECT count(*) FROM pgboss.job WHERE name = 'subscriptions-detect'
          AND state IN ('created', 'retry', 'active') AND data->>'userId' = ANY ($1::text[])`,
      [userIds],
    );
    if (Number(row.count) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function runJob(boss, name, data) {
  const t0 = performance.now();
  const id = await boss.send(name, data);
  const failed = await settled(name, [id]);
  if (failed) throw new Error(`${name} failed`);
  return (performance.now() - t0) / 1000;
}

/**
 * The pending-events scan over everyone: its job, then every batch job it queued (any worker
 * process takes them); seconds and batches.
 */
async function runScan(boss, batchSize) {
  const t0 = performance.now();
  const id = await boss.send('pending-events-scan', { batchSize });
  if (await settled('pending-events-scan', [id])) throw new Error('pending-events-scan failed');
  const batches = (
    await q(
      `SELECT id FROM pgboss.job WHERE name = 'pending-events-scan-batch' AND data->>'scanId' = $1`,
      [id],
    )
  ).map((row) => row.id);
  const failed = await settled('pending-events-scan-batch', batches);
  if (failed) throw new Error(`${failed} pending-events-scan-batch jobs failed`);
  const seconds = (performance.now() - t0) / 1000;
  return {
    seconds: round(seconds, 1),
    peoplePerSecond: round(N / seconds, 1),
    batches: batches.length,
  };
}

/** Detections of `count` people starting at person `from`: jobs per second. */
async function detections(boss, from, count) {
  const users = await q(`SELECT id FROM users WHERE phone_number = ANY ($1::text[])`, [
    Array.from({ length: count }, (_, i) => phoneOf(from + i)),
  ]);
  const t0 = performance.now();
  const ids = [];
  for (const u of users)
    ids.push(await boss.send('subscriptions-detect', { userId: u.id }, { singletonKey: u.id }));
  const failed = await settled('subscriptions-detect', ids);
  return { ids, failed, perSecond: users.length / ((performance.now() - t0) / 1000) };
}

function cannon(url, token, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers: { authorization: `Bearer ${token}` } },
      (error, result) =>
        error ? reject(error) : resolve({ rps: result.requests.average, p99: result.latency.p99 }),
    );
  });
}

// --- the run ----------------------------------------------------------------------------------

console.log(
  `Billow at scale: ${N.toLocaleString('en-US')} people on PostgreSQL (load ${loadAverage()})`,
);
await recreateDatabase();
let server = await startBillow('all', PORT);
const template = await seedTemplate(server);
await server.stop();
const [{ count: txPerPerson }] = await q(
  'SELECT count(*) FROM bank_transactions WHERE user_id = $1',
  [template.userId],
);
const plan = await clonePlan(template.userId);
console.log(
  `  one person linked through the API: ${txPerPerson} transactions, ${template.subscriptions} subscriptions; copied to: ${plan.map((p) => p.table).join(', ')}`,
);
figures.transactionsPerPerson = Number(txPerPerson);

let t0 = performance.now();
await seed(plan, template.userId, 1, FIRST_N - 1);
const firstSeedSeconds = (performance.now() - t0) / 1000;
server = await startBillow('all', PORT);
figures.latency1k = await latency(server, FIRST_N);
await server.stop();

t0 = performance.now();
if (N > FIRST_N) await seed(plan, template.userId, FIRST_N, N - 1);
const seedSeconds = firstSeedSeconds + (performance.now() - t0) / 1000;
figures.seedPeoplePerSecond = round(N / seedSeconds);
line('seeded (bulk SQL)', `${round(seedSeconds)} s`, `${figures.seedPeoplePerSecond} people/s`);

server = await startBillow('all', PORT);
figures.latencyN = await latency(server, N);
for (const [key, label] of [
  ['miss', 'list-all, first read (miss)'],
  ['hit', 'list-all, cached'],
  ['profile', 'profile-info'],
]) {
  const a = figures.latency1k[key];
  const b = figures.latencyN[key];
  line(`${label} p50 / p99 at 1k`, `${a.p50} / ${a.p99} ms`);
  line(
    `${label} p50 / p99 at ${N / 1000}k`,
    `${b.p50} / ${b.p99} ms`,
    `target flat: p50 ×${round(b.p50 / a.p50, 2)}`,
  );
}

const boss = await startBoss();
// The scan three times: first after seeding (it also queues a status-change notice for every
// copied subscription), then again on the one process, then with a second worker process.
figures.pendingScan = { first: await runScan(boss, 500), again: await runScan(boss, 500) };
const scanWorker = await startBillow('worker', PORT + 3);
figures.pendingScan.twoProcesses = await runScan(boss, 500);
await scanWorker.stop();
for (const [key, label] of [
  ['first', 'first, 1 process'],
  ['again', 'again, 1 process'],
  ['twoProcesses', 'again, 2 processes'],
]) {
  const run = figures.pendingScan[key];
  line(
    `pending-events scan, everyone (${label})`,
    `${run.seconds} s`,
    `${run.peoplePerSecond} people/s in ${run.batches} batches; hourly: target < 3600 s`,
  );
}
const balanceSeconds = await runJob(boss, 'balance-check', { batchSize: 500 });
figures.balanceCheck = {
  seconds: round(balanceSeconds, 1),
  peoplePerSecond: round(N / balanceSeconds),
};
line(
  'balance check, everyone',
  `${round(balanceSeconds, 1)} s`,
  `${figures.balanceCheck.peoplePerSecond} people/s; daily: target < 3600 s`,
);

// A daily re-sync and detection of a sample of items, spread over everyone.
const items = await q(`SELECT id, user_id FROM bank_items ORDER BY md5(id::text) LIMIT $1`, [
  SYNC_SAMPLE,
]);
t0 = performance.now();
const syncIds = [];
for (const item of items) {
  syncIds.push(
    await boss.send(
      'bank-transaction-sync',
      { itemId: item.id, reason: 'daily' },
      { singletonKey: item.id },
    ),
  );
  // Detection of every item, as the daily run asks (a sync with news queues one too: one waits).
  await boss.send('subscriptions-detect', { userId: item.user_id }, { singletonKey: item.user_id });
}
const syncFailed = await settled('bank-transaction-sync', syncIds);
await detectionsSettled(items.map((i) => i.user_id));
const syncRate = items.length / ((performance.now() - t0) / 1000);
figures.resync = {
  sample: items.length,
  failed: syncFailed,
  itemsPerSecond: round(syncRate, 1),
  allHours: round(N / syncRate / 3600, 2),
};
line(
  `re-sync + detection (${items.length} items sampled)`,
  `${round(syncRate, 1)} items/s`,
  `all ${N} extrapolated: ${round(N / syncRate / 60)} min; daily: target < 24 h`,
);
await server.stop();

const [size] = await q(
  `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
    WHERE c.relkind IN ('r', 'm') AND c.relnamespace IN ('public'::regnamespace, 'sandbox_bank'::regnamespace)`,
);
figures.bytesPerPerson = Math.round(Number(size.bytes) / N);
line(
  'database size per person',
  `${round(figures.bytesPerPerson / 1024, 1)} kB`,
  `all: ${round(Number(size.bytes) / 2 ** 30, 2)} GB`,
);

// Two API processes and two workers on the one database.
await q(`CREATE TABLE IF NOT EXISTS bench_claim_log (job_id uuid, at timestamptz DEFAULT now())`);
await q(`CREATE OR REPLACE FUNCTION bench_log_claim() RETURNS trigger AS $$
  BEGIN INSERT INTO bench_claim_log (job_id) VALUES (NEW.job_id); RETURN NEW; END $$ LANGUAGE plpgsql`);
await q(`CREATE OR REPLACE TRIGGER bench_claims AFTER INSERT OR UPDATE ON job_claims
  FOR EACH ROW EXECUTE FUNCTION bench_log_claim()`);
const api1 = await startBillow('api', PORT + 1);
const api2 = await startBillow('api', PORT + 2);
const token = await signIn(api1.base, phoneOf(1));
await call(api1.base, 'GET', '/api/user/profile-info', { token });
await call(api2.base, 'GET', '/api/user/profile-info', { token });
const one = await cannon(`${api1.base}/api/user/profile-info`, token, 20, 8);
const two = await Promise.all(
  [api1, api2].map((api) => cannon(`${api.base}/api/user/profile-info`, token, 10, 8)),
);
const twoRps = two[0].rps + two[1].rps;
figures.api = {
  one: round(one.rps),
  two: round(twoRps),
  p99One: one.p99,
  p99Two: Math.max(two[0].p99, two[1].p99),
};
line(
  'profile-info, 1 API process (20 connections)',
  `${round(one.rps)} req/s`,
  `p99 ${one.p99} ms`,
);
line(
  'profile-info, 2 API processes (10 + 10)',
  `${round(twoRps)} req/s`,
  `×${round(twoRps / one.rps, 2)}; target > 1`,
);
await api2.stop();
await api1.stop();

const worker1 = await startBillow('worker', PORT + 3);
const round1 = await detections(boss, 10, JOBS);
const worker2 = await startBillow('worker', PORT + 3);
const round2 = await detections(boss, 10 + JOBS, JOBS);
const [runs] = await q(
  `SELECT count(*) AS runs, count(DISTINCT job_id) AS jobs FROM bench_claim_log WHERE job_id = ANY ($1::uuid[])`,
  [[...round1.ids, ...round2.ids]],
);
figures.workers = {
  one: round(round1.perSecond, 1),
  two: round(round2.perSecond, 1),
  jobs: round1.ids.length + round2.ids.length,
  runs: Number(runs.runs),
  failed: round1.failed + round2.failed,
};
line(`detections, 1 worker process (${JOBS} people)`, `${round(round1.perSecond, 1)} jobs/s`);
line(
  `detections, 2 worker processes (${JOBS} people)`,
  `${round(round2.perSecond, 1)} jobs/s`,
  `×${round(round2.perSecond / round1.perSecond, 2)}; target > 1`,
);
line(
  'handler runs / jobs (claim log)',
  `${runs.runs} / ${figures.workers.jobs}`,
  `target equal (no job ran twice); ${runs.jobs} distinct`,
);
await worker2.stop();
await worker1.stop();
await boss.stop({ graceful: false });
await db.end();

figures.loadAverage = loadAverage();
figures.minutes = round((performance.now() - started) / 60_000, 1);
console.log(`  (${figures.minutes} min, load ${figures.loadAverage})`);
console.log(JSON.stringify(figures));
