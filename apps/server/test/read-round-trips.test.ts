/**
 * How many statements each read the dashboard makes sends to the database, and how many times
 * it waits for one: a read on a cache miss is as fast as its slowest chain of
 * round trips, and a pool of ten connections is shared by every request in flight. Counted on
 * the test database (PGlite, or PostgreSQL with DATABASE_URL), never timed. With DATABASE_URL and
 * EXPLAIN_READS=1, each statement's plan (EXPLAIN ANALYZE) is printed too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';

type Statement = { text: string; values: unknown[]; startedAt: number; endedAt: number };

/**
 * Records each statement the app sends while `during` runs. A "wait" is a stretch when at least
 * one statement was in flight: statements sent together (Promise.all) overlap and count once.
 */
function recordStatements(t: TestApp) {
  const statements: Statement[] = [];
  let isRecording = false;
  let tick = 0;
  const wrap = <F extends (...args: never[]) => unknown>(target: object, name: string) => {
    const original = (target as Record<string, F>)[name]!.bind(target) as F;
    (target as Record<string, unknown>)[name] = (...args: Parameters<F>) => {
      const first = args[0] as unknown;
      const text =
        typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
      // pg-boss's own polling is not a request's work; a job a request sends is.
      const isJobSent = /insert\s+into\s+pgboss\.job\s*\(/i.test(text);
      if (!isRecording || (/pgboss/i.test(text) && !isJobSent)) return original(...args);
      const values = (
        Array.isArray(args[1]) ? args[1] : ((first as { values?: unknown[] }).values ?? [])
      ) as unknown[];
      const statement = { text, values, startedAt: tick++, endedAt: Infinity };
      statements.push(statement);
      const result = original(...args) as Promise<unknown>;
      return result.finally(() => (statement.endedAt = tick++));
    };
  };
  const driver = t.database.driver;
  if (driver.kind === 'pglite') {
    wrap(driver.client, 'query');
    wrap(driver.client, 'exec');
  } else {
    wrap(driver.pool, 'query');
  }
  return async function during(work: () => Promise<unknown>) {
    statements.length = 0;
    isRecording = true;
    try {
      await work();
    } finally {
      isRecording = false;
    }
    let waits = 0;
    let busyUntil = -1;
    for (const s of [...statements].sort((a, b) => a.startedAt - b.startedAt)) {
      if (s.startedAt > busyUntil) waits += 1;
      busyUntil = Math.max(busyUntil, s.endedAt);
    }
    if (process.env.EXPLAIN_READS && driver.kind === 'postgres') {
      // Planned as a server's autovacuum would have it: with statistics.
      await driver.pool.query('analyze');
      for (const s of statements) {
        const plan = await driver.pool.query(`explain (analyze, buffers) ${s.text}`, s.values);
        // eslint-disable-next-line no-console -- asked for with EXPLAIN_READS, to profile a read
        console.log(s.text.slice(0, 200), '\n', plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
    return { statements: statements.map((s) => s.text), waits };
  };
}

describe('round trips of the dashboard reads', () => {
  let t: TestApp;
  let token: string;
  let during: ReturnType<typeof recordStatements>;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestApp();
    ({ accessToken: token } = await signIn(t.app, '+14155550142'));
    await linkSandboxItem(t, token, { persona: 'default' }, { seed: 'round-trips' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/list-all',
      headers: bearer(token),
    });
    ids = (list.json() as { id: string }[]).map((s) => s.id);
    during = recordStatements(t);
  });
  afterAll(() => t.close());

  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  // Each read: its method, its request, and at most how many statements and waits it makes.
  type Read = [
    string,
    string,
    (ids: string[]) => { url: string; payload?: object },
    { statements: number; waits: number },
  ];
  const reads: Read[] = [
    // Read on every page load: the person, their accounts and their rewards in one statement.
    ['profile-info', 'GET', () => ({ url: '/api/user/profile-info' }), { statements: 1, waits: 1 }],
    [
      'list-all',
      'GET',
      () => ({ url: '/api/subscriptions/list-all' }),
      { statements: 2, waits: 1 },
    ],
    [
      'transaction-details',
      'POST',
      ([id]) => ({
        url: '/api/subscriptions/transaction-details',
        payload: { subscriptionId: id },
      }),
      { statements: 1, waits: 1 },
    ],
    [
      'calendar/upcoming',
      'GET',
      () => ({ url: `/api/calendar/upcoming?from=${today}&until=${later}` }),
      { statements: 1, waits: 1 },
    ],
    [
      'insights/spending-history',
      'GET',
      () => ({ url: '/api/insights/spending-history' }),
      { statements: 2, waits: 1 },
    ],
    [
      'insights/price-increases',
      'GET',
      () => ({ url: '/api/insights/price-increases' }),
      { statements: 2, waits: 1 },
    ],
    [
      'negotiable-subscriptions',
      'GET',
      () => ({ url: '/api/subscriptions/negotiable-subscriptions' }),
      { statements: 1, waits: 1 },
    ],
    // The bills with an annual plan bring their latest charge along: no statement per bill; the
    // bills holding a card (funded, or owed after a returned debit) are one statement.
    [
      'instant-savings',
      'GET',
      () => ({ url: '/api/subscriptions/instant-savings' }),
      { statements: 2, waits: 1 },
    ],
    [
      'rewards/balance',
      'GET',
      () => ({ url: '/api/rewards/balance' }),
      { statements: 1, waits: 1 },
    ],
    [
      'rewards/lifetime-accrued',
      'GET',
      () => ({ url: '/api/rewards/lifetime-accrued' }),
      { statements: 1, waits: 1 },
    ],
    [
      'rewards/next-reward',
      'GET',
      () => ({ url: '/api/rewards/next-reward' }),
      { statements: 2, waits: 1 },
    ],
    [
      'rewards/history',
      'GET',
      () => ({ url: '/api/rewards/history' }),
      { statements: 1, waits: 1 },
    ],
    // The one write: the bill is marked in one statement, then the jobs that follow a change to
    // the person's bills (rewards, savings, negotiations, cancellations) are sent at once.
    [
      'subscriptions/delete',
      'POST',
      ([, id]) => ({ url: '/api/subscriptions/delete', payload: { subscriptionId: id } }),
      { statements: 5, waits: 2 },
    ],
  ];

  let zone = 0;
  it.each(reads)('%s on a cache miss', async (name, method, request, budget) => {
    // A change to the person's data drops whatever was kept for them: each read is a miss.
    zone += 1;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile-info',
      headers: bearer(token),
      payload: { time_zone: zone % 2 ? 'America/New_York' : 'Europe/London' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { url, payload } = request(ids);
    let status = 0;
    const seen = await during(async () => {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      status = response.statusCode;
    });
    expect(status).toBe(200);
    if (process.env.EXPLAIN_READS)
      // eslint-disable-next-line no-console -- asked for with EXPLAIN_READS, to profile a read
      console.log(
        `${name}: ${seen.statements.length} statements, ${seen.waits} waits\n  ` +
          seen.statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 300)).join('\n  '),
      );
    expect(seen.statements.length).toBeLessThanOrEqual(budget.statements);
    expect(seen.waits).toBeLessThanOrEqual(budget.waits);
  });
});
