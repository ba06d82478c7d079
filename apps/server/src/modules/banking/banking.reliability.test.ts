/**
 * Bank linking when things break: a link stopped between the token exchange and storing the
 * accounts, and a sync left running by a process that died.
 */
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxItems } from '../../providers/bank/sandbox/sandbox-bank.tables';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { bankItems } from './banking.tables';

const TRANSACTIONS_PER_USER = 7;

function customUser(today: string) {
  const transactions = Array.from({ length: TRANSACTIONS_PER_USER }, (_, month) =>
    customTransaction(dayFrom(today, -30 * month - 3), 'SPOTIFY USA', 11.99),
  );
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 1000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

describe('bank linking when something fails part-way', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T15:00:00Z');
  const today = now.toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const bank = () => t.modules.banking.bank;
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.executeSql(sql, params)).rows[0]!.n);
  const loadStatus = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: bankingRoutes.transactionLoadStatus.path,
        headers: bearer(token),
      })
    ).json();
  const transactionsOf = (userId: string) =>
    count('select count(*)::int as n from bank_transactions where user_id = $1', [userId]);
  const accountsOf = (userId: string) =>
    count('select count(*)::int as n from bank_accounts where user_id = $1', [userId]);
  const publicToken = async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: sandboxRoutes.publicToken.path,
      payload: { override_accounts: customUser(today) },
    });
    return created.json().public_token as string;
  };
  const linkResult = (token: string, publicTokenValue: string) =>
    t.app.inject({
      method: 'POST',
      url: bankingRoutes.linkResult.path,
      headers: bearer(token),
      payload: { publicToken: publicTokenValue },
    });
  /** Bank-side items Billow does not hold: logins nobody can revoke any more. */
  const orphanedAtBank = async () => {
    const held = new Set(
      (await t.database.db.select({ id: bankItems.providerItemId }).from(bankItems)).map(
        (row) => row.id,
      ),
    );
    const atBank = await t.database.db.select({ id: sandboxItems.itemId }).from(sandboxItems);
    return atBank.filter((row) => !held.has(row.id)).length;
  };

  it('finishes a link whose accounts could not be read after the exchange, when the same token is retried', async () => {
    const session = await signIn(t.app, '+15555556001');
    const token = await publicToken();
    const getAccounts = bank().getAccounts;
    bank().getAccounts = () => Promise.reject(new Error('connection reset by peer'));
    const failed = await linkResult(session.token, token);
    bank().getAccounts = getAccounts;
    expect(failed.statusCode).toBe(500);

    const retried = await linkResult(session.token, token);
    expect(retried.json()).toEqual({ status: 'success' });
    expect(await accountsOf(session.user.userId)).toBe(1);
    await t.runQueuedJobs();
    expect(await loadStatus(session.token)).toMatchObject({
      isAccountLinked: true,
      transactionsLoaded: true,
    });
    expect(await transactionsOf(session.user.userId)).toBe(TRANSACTIONS_PER_USER);
    expect(await orphanedAtBank()).toBe(0);
  });

  it('finishes an interrupted link with its first sync when nobody retries', async () => {
    const session = await signIn(t.app, '+15555556002');
    const finishLink = t.modules.banking.repo.finishLink;
    t.modules.banking.repo.finishLink = () => Promise.reject(new Error('database went away'));
    const failed = await linkResult(session.token, await publicToken());
    t.modules.banking.repo.finishLink = finishLink;
    expect(failed.statusCode).toBe(500);

    await t.runQueuedJobs();
    expect(await loadStatus(session.token)).toMatchObject({
      isAccountLinked: true,
      transactionsLoaded: true,
    });
    expect(await accountsOf(session.user.userId)).toBe(1);
    expect(await transactionsOf(session.user.userId)).toBe(TRANSACTIONS_PER_USER);
    expect(await orphanedAtBank()).toBe(0);
  });

  it('keeps syncing everyone while a sync left running by a dead process holds its item, and syncs that item after the restart', async () => {
    await t.runQueuedJobs(); // nothing else waiting: the next job fetched is this item's
    const dead = await signIn(t.app, '+15555556003');
    await linkSandboxItem(t, dead.token, { overrideAccounts: customUser(today) }, { sync: false });
    const [item] = (
      await t.database.executeSql(
        'select id, provider_item_id from bank_items where user_id = $1',
        [dead.user.userId],
      )
    ).rows;
    const itemId = String(item!.id);

    // A worker takes the first sync and stops answering mid-sync: it died with the job active.
    const [job] = await t.jobs.boss.fetch('bank-transaction-sync');
    expect(job).toBeDefined();
    const syncTransactions = bank().syncTransactions;
    let abandon!: (error: Error) => void;
    bank().syncTransactions = () => new Promise((_resolve, reject) => (abandon = reject));
    const hung = t.modules.banking.service.syncItem(itemId).catch(() => undefined);
    await expect.poll(() => abandon !== undefined).toBe(true);
    bank().syncTransactions = syncTransactions;
    // New data arrives for that item meanwhile.
    await t.modules.banking.service.handleWebhook({
      kind: 'sync-updates-available',
      itemId: String(item!.provider_item_id),
    });

    // Someone else links later: their sync is not held up by the dead one.
    const healthy = await signIn(t.app, '+15555556004');
    await linkSandboxItem(t, healthy.token, { overrideAccounts: customUser(today) });
    expect(await loadStatus(healthy.token)).toMatchObject({ transactionsLoaded: true });
    expect(await transactionsOf(healthy.user.userId)).toBe(TRANSACTIONS_PER_USER);
    expect(await loadStatus(dead.token)).toMatchObject({ transactionsLoaded: false });

    // On a server a job still within its expiry may be a live worker's: it is left alone ...
    expect(await t.jobs.recoverOrphanedJobs({ isSoleProcess: false })).toBe(0);
    // ... until its expiry has passed and its item's lease has lapsed without a heartbeat.
    await t.database.executeSql(
      `update pgboss.job set started_on = now() - interval '1 hour' where id = $1`,
      [job!.id],
    );
    await t.database.executeSql(
      `update bank_items set sync_lease_until = now() - interval '1 second' where id = $1`,
      [itemId],
    );
    expect(await t.jobs.recoverOrphanedJobs({ isSoleProcess: false })).toBe(1);
    await t.runQueuedJobs();
    expect(await loadStatus(dead.token)).toMatchObject({ transactionsLoaded: true });
    expect(await transactionsOf(dead.user.userId)).toBe(TRANSACTIONS_PER_USER);

    abandon(new Error('the dead process is gone'));
    await hung;
  });

  it('puts every job left running back at start-up on the embedded database, and syncs its item once', async () => {
    await t.runQueuedJobs();
    const session = await signIn(t.app, '+15555556005');
    await linkSandboxItem(
      t,
      session.token,
      { overrideAccounts: customUser(today) },
      { sync: false },
    );
    const [job] = await t.jobs.boss.fetch('bank-transaction-sync');
    expect(job).toBeDefined();
    await t.database.executeSql(
      `update bank_items set sync_lease_owner = 'dead', sync_lease_until = now() + interval '1 minute' where user_id = $1`,
      [session.user.userId],
    );

    // What a process starting on the embedded database does: nothing else can be running.
    await t.modules.banking.service.releaseSyncLeases();
    expect(await t.jobs.recoverOrphanedJobs({ isSoleProcess: true })).toBe(1);
    expect(await t.runQueuedJobs()).toContain('bank-transaction-sync');
    expect(await loadStatus(session.token)).toMatchObject({ transactionsLoaded: true });
    expect(await transactionsOf(session.user.userId)).toBe(TRANSACTIONS_PER_USER);
  });
});
