/**
 * A database blip under load: Billow as its own process on the PostgreSQL server,
 * serving requests and running jobs while every one of its database connections is terminated
 * (`pg_terminate_backend`, what a server restart, a failover or an operator does), three rounds.
 * The process stays up, answers 503 with Retry-After while it cannot reach the database (never a
 * 500), answers normally again afterwards, and every job it was given completes.
 * On the embedded database there is no connection to take away (see database-faults.test.ts for
 * a closed one), so this file runs only with DATABASE_URL.
 */
import { importRoutes, subscriptionRoutes, type Subscription } from '@billow/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, crashHarness, signInOver, waitUntil } from './child-server';
import { dayFrom } from './sandbox-link';

const databaseUrl = process.env.DATABASE_URL;
const today = new Date().toISOString().slice(0, 10);
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Eight months of one monthly bill, as a bank's CSV export. */
function billCsv(name: string, amount: number) {
  const lines = Array.from(
    { length: 8 },
    (_, month) => `${usDate(dayFrom(today, -30 * month - 3))},"${name}",-${amount.toFixed(2)}`,
  );
  return ['Posting Date,Description,Amount', ...lines].join('\n');
}

/** Ends every connection Billow's processes hold to their database; returns how many. */
async function terminateBillowConnections(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = $1 and application_name like 'billow%' and pid <> pg_backend_pid()`,
      [new URL(url).pathname.slice(1)],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** Merchants detection tells apart: each import brings one of them, once per person. */
const MERCHANTS = ['NETFLIX.COM', 'SPOTIFY USA', 'HULU 877-8244858', 'DROPBOX*', 'AUDIBLE US'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Layout = { name: string; modes: ('all' | 'api' | 'worker')[] };
const LAYOUTS: Layout[] = [
  { name: 'npm start', modes: ['all'] },
  { name: 'start:api and start:worker', modes: ['api', 'worker'] },
];

describe.skipIf(!databaseUrl).each(LAYOUTS)('a database blip under load ($name)', ({ modes }) => {
  const harness = crashHarness('blip');
  beforeAll(() => harness.setUp());
  afterAll(() => harness.tearDown());

  it('stays up, answers 503 meanwhile, and finishes every job', async () => {
    const servers = [];
    for (const mode of modes) servers.push(await harness.start(mode));
    const url = servers.find((server) => server.url)!.url;
    const people = await Promise.all(
      ['+15555557101', '+15555557102', '+15555557103'].map((phone) => signInOver(url, phone)),
    );

    // Requests from three people, and an import (which queues detection) now and then.
    const answers: { status: number; retryAfter: string | null; route: string }[] = [];
    let isLoading = true;
    const imports = people.map(() => ({ sent: 0, committed: 0 }));
    const load = people.map(async (token, index) => {
      const mine = imports[index]!;
      for (let round = 0; isLoading; round++) {
        const isImport = round % 10 === 5 && mine.sent < MERCHANTS.length;
        const route = isImport ? importRoutes.commit.path : subscriptionRoutes.listAll.path;
        const merchant = MERCHANTS[mine.sent]!;
        if (isImport) mine.sent++;
        const response = await fetch(`${url}${route}`, {
          method: isImport ? 'POST' : 'GET',
          headers: {
            authorization: `Bearer ${token}`,
            ...(isImport ? { 'content-type': 'application/json' } : {}),
          },
          ...(isImport
            ? {
                body: JSON.stringify({
                  fileName: `bills-${mine.sent}.csv`,
                  fileText: billCsv(merchant, 10 + mine.sent),
                }),
              }
            : {}),
        }).catch(() => undefined);
        if (!response) continue;
        await response.arrayBuffer();
        if (isImport && response.status === 200) mine.committed++;
        answers.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          route,
        });
      }
    });

    const ended: number[] = [];
    for (let round = 0; round < 3; round++) {
      await sleep(700);
      ended.push(await terminateBillowConnections(harness.env.DATABASE_URL!));
    }
    await sleep(700);
    isLoading = false;
    await Promise.all(load);

    for (const server of servers)
      expect(server.server.child.exitCode, server.server.output()).toBeNull();
    for (const count of ended) expect(count).toBeGreaterThan(0);
    // Only "OK" or "try again": nothing the person did was wrong, and no bug was hit.
    const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
    expect(unexpected).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 503))
      expect(answer.retryAfter).toMatch(/^\d+$/);

    // Afterwards: every request answers, every job completes, and detection found each bill.
    for (const token of people) {
      const listed = await call(url, 'GET', subscriptionRoutes.listAll.path, { token });
      expect(listed.status).toBe(200);
    }
    const isSettled = async () => {
      const rows = await harness.query<{ count: number }>(
        `select count(*)::int as count from pgboss.job
         where name not like '\\_\\_%' and state in ('created', 'retry', 'active')`,
      );
      return rows[0]!.count === 0;
    };
    await waitUntil(isSettled, 'every job has run', 120_000);
    const failed = await harness.query<{ name: string; output: unknown }>(
      `select name, output from pgboss.job where state = 'failed'`,
    );
    expect(failed).toEqual([]);
    for (const [index, token] of people.entries()) {
      const listed = await call(url, 'GET', subscriptionRoutes.listAll.path, { token });
      const found = (listed.body as unknown as Subscription[]).length;
      // A commit whose answer was lost with its connection may still have landed.
      expect(found).toBeGreaterThanOrEqual(imports[index]!.committed);
      expect(found).toBeLessThanOrEqual(imports[index]!.sent);
    }
    expect(imports.reduce((sum, mine) => sum + mine.committed, 0)).toBeGreaterThan(0);
    for (const server of servers) expect(await server.server.stop()).toBe(0);
  }, 300_000);
});
