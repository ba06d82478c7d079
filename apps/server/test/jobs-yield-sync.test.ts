/**
 * A large bank sync beside requests: on the embedded database statements and
 * transactions run one at a time, so a sync that wrote a bank's whole history in one
 * transaction kept every request waiting until it ended. The sync here runs through the job
 * system's own workers while requests come in one after another; requests must be answered
 * while the sync is still writing, each having let at most a batch or two of its rows go first.
 * Counted by what was written, not by a clock: a busy machine slows both sides alike.
 */
import { setImmediate } from 'node:timers/promises';
import { userRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_WRITE_ROWS } from '../src/modules/banking/banking.repo';
import { customTransaction, dayFrom, linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const TRANSACTIONS = 3000;
const today = '2026-11-20';

/** A checking account with years of small purchases, and a monthly bill among them. */
function busyChecking() {
  const transactions = Array.from({ length: TRANSACTIONS }, (_, i) =>
    i % 100 === 0
      ? customTransaction(dayFrom(today, -30 * (i / 100) - 2), 'NETFLIX.COM', 15.49)
      : customTransaction(dayFrom(today, -Math.floor(i / 5) - 1), `CORNER SHOP ${i}`, 3 + (i % 40)),
  );
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 100_000,
      meta: { name: 'Checking', mask: '4242' },
      transactions,
    },
  ];
}

describe('a large bank sync beside requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(`${today}T12:00:00Z`) });
  });
  afterAll(() => t.close());

  const written = async (userId: string) =>
    Number(
      (
        await t.database.executeSql(
          'select count(*)::int n from bank_transactions where user_id = $1',
          [userId],
        )
      ).rows[0]!.n,
    );

  /** Whether the sync has ended (its item is marked synced, whatever happened). */
  const synced = async (userId: string) =>
    (
      await t.database.executeSql(
        'select 1 from bank_items where user_id = $1 and initial_synced_at is not null',
        [userId],
      )
    ).rows.length > 0;

  it('answers requests while the sync writes, a batch or two of rows apart', async () => {
    const { token, user } = await signIn(t.app, '+15555550991');
    const { userId } = user;
    await linkSandboxItem(t, token, { overrideAccounts: busyChecking() }, { sync: false });
    await t.jobs.startWorkers(t.handlers);

    const overtaken: number[] = [];
    for (
      let before = await written(userId);
      !(await synced(userId));
      before = await written(userId)
    ) {
      const answer = await t.app.inject({
        method: userRoutes.profileInfo.method,
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      const after = await written(userId);
      // Answered while the sync was writing (the last request may see it end).
      if (before > 0 && after < TRANSACTIONS) overtaken.push(after - before);
      // The next request arrives from the network, in a later turn of the event loop.
      await setImmediate();
    }
    expect(await written(userId)).toBe(TRANSACTIONS);
    expect(overtaken.length, 'no request was answered while the sync wrote').toBeGreaterThan(0);
    // Each statement of the request (and of the counts around it) waits at most for the batch
    // under way; a sync holding the connection for all its rows made requests wait for all.
    expect(Math.max(...overtaken), String(overtaken)).toBeLessThanOrEqual(3 * SYNC_WRITE_ROWS);
  }, 300_000);
});
