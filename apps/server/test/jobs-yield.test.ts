/**
 * A large job beside requests (issue 35): on the embedded database every statement runs on one
 * connection, one after another, so a job's long transactions kept requests waiting behind them
 * (a list-all waited 70 s during a 2,000-person reminder scan). The scan here runs through the
 * job system's own workers, with the reminders it queues, while requests come in; each request
 * must be answered while the scan goes on, having let at most a few people's work go first.
 * Counted by what was done, not by a clock: a busy machine slows both sides alike.
 */
import { userRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';
import { waitUntil } from './child-server';

const PEOPLE = 400;
const today = '2026-11-20';

describe('a large reminder scan beside requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(`${today}T12:00:00Z`) });
  });
  afterAll(() => t.close());

  /** People the scan has handled so far: each one due queues one reminder job. */
  const handled = async () =>
    Number(
      (
        await t.database.executeSql(
          `select count(*)::int n from pgboss.job where name = 'subscription-send-renewal-reminder'`,
        )
      ).rows[0]!.n,
    );

  it('answers each request between a few people of the scan, while the scan goes on', async () => {
    const { token } = await signIn(t.app, '+15555550990');
    await t.database.executeSql(
      `insert into users (phone_number)
         select '+1555444' || lpad(g::text, 4, '0') from generate_series(1, ${PEOPLE}) g`,
    );
    await t.database.executeSql(
      `insert into subscriptions (user_id, merchant_name, category, cadence, status, amount_cents,
         average_amount_cents, normalized_monthly_cents, renewal_date, first_charge_date,
         last_charge_date, confidence, evidence)
       select id, 'Hulu', 'Entertainment', 'monthly', 'ACTIVE', 1799, 1799, 1799,
         date '${today}' + 3, date '${today}' - 177, date '${today}' - 27, 0.9, '[]'::jsonb
       from users where phone_number like '+1555444%'`,
    );
    await t.jobs.startWorkers(t.handlers);
    await t.jobs.queue.send('pending-events-scan', { batchSize: 100 });
    await waitUntil(async () => (await handled()) > 0, 'the scan has begun', 120_000);

    const overtaken: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = await handled();
      const answer = await t.app.inject({
        method: userRoutes.profileInfo.method,
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      const after = await handled();
      // Answered before the scan finished, not after it.
      expect(after).toBeLessThan(PEOPLE);
      overtaken.push(after - before);
    }
    // Each statement of the request (and of the two counts around it) may let one person's
    // short transaction go first; a scan holding the connection for a batch of 100 lets 100.
    expect(Math.max(...overtaken)).toBeLessThan(25);

    await waitUntil(async () => (await handled()) === PEOPLE, 'the scan is done', 180_000);
  }, 300_000);
});
