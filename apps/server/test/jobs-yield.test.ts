/**
 * A large job beside requests: on the embedded database statements and transactions
 * run one at a time, first come first served, so a job's long transactions kept requests waiting
 * behind them (a list-all waited 70 s during a 2,000-person reminder scan that committed 100
 * people at a time). The scan here runs through the job system's own workers while requests
 * come in one after another; each request must be answered while the scan goes on, having let at
 * most a few people's work go first. Counted by what was done, not by a clock: a busy machine
 * slows both sides alike.
 */
import { setImmediate } from 'node:timers/promises';
import { userRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeopleWithBillsDue } from './people-with-bills';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const PEOPLE = 300;
const today = '2026-11-20';

// A PostgreSQL server answers each request on a connection of its own, beside the scan's
// transaction: nothing there waits behind a page, so this is the embedded database's test.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a large reminder scan beside requests', () => {
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

  it('answers requests between a few people of the scan, while the scan goes on', async () => {
    const { token } = await signIn(t.app, '+15555550990');
    await addPeopleWithBillsDue(t.database, { phonePrefix: '+1555444', count: PEOPLE, today });
    // The scan is the large job here: the reminders it queues are left unsent.
    await t.jobs.startWorkers({
      ...t.handlers,
      'subscription-send-renewal-reminder': async () => undefined,
    });
    await t.jobs.queue.send('pending-events-scan', { batchSize: 100 });

    // Requests one after another, the way a screen asks, until the scan is done: how many
    // people did the scan handle while each was being answered?
    const overtaken: number[] = [];
    for (let before = await handled(); before < PEOPLE; before = await handled()) {
      const answer = await t.app.inject({
        method: userRoutes.profileInfo.method,
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      const after = await handled();
      // Answered while the scan went on (the last request may see it end).
      if (before > 0 && after < PEOPLE) overtaken.push(after - before);
      // The next request arrives from the network, in a later turn of the event loop.
      await setImmediate();
    }
    expect(overtaken.length).toBeGreaterThan(0);
    // Each statement of the request (and of the two counts around it) waits at most for the
    // person's transaction under way; a scan holding the connection for a batch of 100 people
    // made requests wait for all 100.
    expect(Math.max(...overtaken), String(overtaken)).toBeLessThan(25);

    // The workers finish the queued (no-op) reminders before the app closes its database.
    await expect
      .poll(
        async () =>
          (
            await t.database.executeSql(
              `select count(*)::int n from pgboss.job
                where name = 'subscription-send-renewal-reminder' and state in ('created', 'active', 'retry')`,
            )
          ).rows[0]!.n,
        { timeout: 120_000, interval: 250 },
      )
      .toBe(0);
  }, 300_000);
});
