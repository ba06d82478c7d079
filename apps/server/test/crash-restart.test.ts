/**
 * Crash-restart: Billow as its own process, linking through Plaid (a local fake in this process),
 * killed with SIGKILL at exact points — after a token exchange, during a first sync — and started
 * again on the same data. Nothing may be lost, nothing doubled, and no queue left stuck.
 * On the embedded database by default; on the PostgreSQL server when DATABASE_URL is set.
 */
import { bankingRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { createSandboxBank } from '../src/providers/bank/sandbox/sandbox-bank';
import { sandboxItems } from '../src/providers/bank/sandbox/sandbox-bank.tables';
import { call, crashHarness, loadStatus, signInOver, waitUntil } from './child-server';
import { plaidWebhook, startFakePlaid, type FakePlaid } from './fakes/fake-plaid';
import { checkingWithBills, huluBill, plaidPublicToken } from './sandbox-link';
import { createTestDatabase, type TestDatabase } from './test-database';

const TRANSACTIONS_PER_ITEM = 6;

describe('a server killed mid-link and mid-sync', () => {
  let plaidDb: TestDatabase;
  let plaid: FakePlaid;
  const harness = crashHarness('crash');

  beforeAll(async () => {
    plaidDb = await createTestDatabase();
    plaid = await startFakePlaid(createSandboxBank({ db: plaidDb.db }));
    await harness.setUp({
      BANK_PROVIDER: 'plaid',
      PLAID_CLIENT_ID: plaid.credentials.clientId,
      PLAID_SECRET: plaid.credentials.secret,
      PLAID_API_BASE_URL: plaid.url,
    });
  });
  afterAll(async () => {
    await harness.tearDown();
    await plaid.close();
    await plaidDb.destroy();
  });
  const { start, query } = harness;
  const publicToken = () =>
    plaidPublicToken(plaid, [
      checkingWithBills(new Date().toISOString().slice(0, 10), [huluBill(17.99)], {
        mask: '2222',
        months: TRANSACTIONS_PER_ITEM,
      }),
    ]);
  const link = (url: string, token: string, publicTokenValue: string) =>
    call(url, 'POST', bankingRoutes.linkResult.path, {
      token,
      body: { publicToken: publicTokenValue },
    });
  const isLoaded = (url: string, token: string) => async () =>
    (await loadStatus(url, token)).transactionsLoaded === true;

  it('loses no link, doubles nothing and keeps every sync moving', async () => {
    // 1. Killed after Plaid exchanged the public token, before the accounts were stored.
    let { server, url } = await start();
    const alice = await signInOver(url, '+15555557001');
    const alicePublicToken = await publicToken();
    const accountsHeld = plaid.hold('/accounts/get');
    const inFlight = link(url, alice, alicePublicToken).catch(() => undefined);
    await accountsHeld.reached;
    await server.kill();
    await inFlight;
    // Workers wake as soon as a job is sent, so the first sync may be the one that was held.
    // Nothing stands in for its expiry or its item's sync lease: on a server the restarted
    // process puts the killed one's jobs back once its heartbeat is half a minute old, and the
    // job's next attempt takes over the lease its earlier attempt held.

    // 2. Restarted: the web app's retry of the same public token completes the link.
    ({ server, url } = await start());
    const retried = await link(url, alice, alicePublicToken);
    expect(retried).toEqual({ status: 200, body: { status: 'success' } });
    await waitUntil(isLoaded(url, alice), "Alice's transactions are loaded", 90_000);

    // 3. Killed while Bob's first sync is reading pages from Plaid.
    const bob = await signInOver(url, '+15555557002');
    const syncHeld = plaid.hold('/transactions/sync');
    expect((await link(url, bob, await publicToken())).status).toBe(200);
    await syncHeld.reached;
    await server.kill();
    // The lease Bob's killed sync held, and when it would lapse had nothing taken it over.
    const [bobLease] = await query<{ id: string; lapses: string }>(
      `select id, sync_lease_until::text as lapses from bank_items
        where sync_lease_until is not null`,
    );
    expect(bobLease).toBeDefined();

    // 4. Restarted. New data arrives for Bob's item (a second job behind the one left active),
    //    then Carol links: her sync must not wait on Bob's, and Bob's item is still synced.
    ({ server, url } = await start());
    const [, bobItem] = await plaidDb.db
      .select({ itemId: sandboxItems.itemId })
      .from(sandboxItems)
      .orderBy(asc(sandboxItems.createdAt));
    expect(
      await plaid.sendWebhook(
        `${url}/api/plaid/webhook`,
        plaidWebhook.syncUpdatesAvailable(bobItem!.itemId),
      ),
    ).toBe(200);
    const carol = await signInOver(url, '+15555557003');
    expect((await link(url, carol, await publicToken())).status).toBe(200);
    await waitUntil(isLoaded(url, carol), "Carol's transactions are loaded");
    await waitUntil(isLoaded(url, bob), "Bob's transactions are loaded", 90_000);
    // Picked up again once the killed process's heartbeat stopped, not once its lease lapsed.
    expect(
      await query<{ isBeforeLapse: boolean }>(
        `select initial_synced_at < '${bobLease!.lapses}'::timestamptz as "isBeforeLapse"
           from bank_items where id = '${bobLease!.id}'`,
      ),
    ).toEqual([{ isBeforeLapse: true }]);
    expect(await server.stop()).toBe(0);

    // Nothing lost, nothing doubled: one item and one account per person, every transaction once.
    const perUser = await query<{ items: number; accounts: number; transactions: number }>(
      `select
         (select count(*)::int from bank_items i where i.user_id = u.id) as items,
         (select count(*)::int from bank_accounts a where a.user_id = u.id) as accounts,
         (select count(*)::int from bank_transactions t where t.user_id = u.id) as transactions
       from users u order by u.created_at`,
    );
    expect(perUser).toEqual(
      Array.from({ length: 3 }, () => ({
        items: 1,
        accounts: 1,
        transactions: TRANSACTIONS_PER_ITEM,
      })),
    );
    // No login left at the bank that Billow does not know (and so could never revoke).
    const billowItems = await query<{ provider_item_id: string }>(
      'select provider_item_id from bank_items',
    );
    const bankItems = (await plaidDb.db.select({ itemId: sandboxItems.itemId }).from(sandboxItems))
      .map((row) => row.itemId)
      .sort();
    expect(billowItems.map((row) => row.provider_item_id).sort()).toEqual(bankItems);
    // Nothing left running, nothing given up on.
    const leftover = await query<{ state: string }>(
      `select state from pgboss.job
       where name = 'bank-transaction-sync' and state in ('active', 'failed')`,
    );
    expect(leftover).toEqual([]);
  }, 240_000);
});
