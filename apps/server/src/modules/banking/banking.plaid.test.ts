/** Billow configured for Plaid, talking to a local fake of Plaid's API over HTTP. */
import { bankingRoutes, userRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plaidWebhook, startFakePlaid, type FakePlaid } from '../../../test/fakes/fake-plaid';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { bearer, signIn } from '../../../test/sign-in';
import { createSandboxBank } from '../../providers/bank/sandbox/sandbox-bank';

describe('bank linking through Plaid', () => {
  let plaidDb: TestDatabase;
  let plaid: FakePlaid;
  let t: TestApp;
  let address: string;
  beforeAll(async () => {
    plaidDb = await createTestDatabase();
    plaid = await startFakePlaid(createSandboxBank({ db: plaidDb.db }));
    t = await createTestApp({
      env: {
        BANK_PROVIDER: 'plaid',
        PLAID_CLIENT_ID: plaid.credentials.clientId,
        PLAID_SECRET: plaid.credentials.secret,
        PLAID_API_BASE_URL: plaid.url,
      },
    });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  /** Links a new Citi item at the fake Plaid for the signed-in person, as Link would. */
  const linkCiti = async (token: string) =>
    t.app.inject({
      method: 'POST',
      url: bankingRoutes.linkResult.path,
      headers: bearer(token),
      payload: { publicToken: await plaid.createPublicToken('ins_sbx_citi') },
    });

  afterAll(async () => {
    await t.close();
    await plaid.close();
    await plaidDb.destroy();
  });

  it('links, syncs and follows Plaid’s signed webhooks; a forged one is refused', async () => {
    const session = await signIn(t.app, '+15555555001');
    const link = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.link.path,
      headers: bearer(session.token),
    });
    expect(link.json().linkProvider).toBe('plaid');

    const result = await linkCiti(session.token);
    expect(result.json()).toEqual({ status: 'success' });
    await t.runQueuedJobs();

    const { rows } = await t.database.executeSql(
      'select provider_item_id, institution_name, institution_domain from bank_items where user_id = $1',
      [session.user.userId],
    );
    expect(rows[0]).toMatchObject({ institution_name: 'Citi', institution_domain: 'citi.com' });
    const count = await t.database.executeSql(
      'select count(*)::int as n from bank_transactions where user_id = $1',
      [session.user.userId],
    );
    expect(count.rows[0]!.n).toBeGreaterThan(500);

    const itemId = String(rows[0]!.provider_item_id);
    const webhook = plaidWebhook.itemError(itemId, 'ITEM_LOGIN_REQUIRED');
    expect(await plaid.sendWebhook(`${address}/api/plaid/webhook`, webhook, { tamper: true })).toBe(
      401,
    );
    const profileFlag = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: userRoutes.profileInfo.path,
          headers: bearer(session.token),
        })
      ).json().is_plaid_update_mode_required;
    expect(await profileFlag()).toBe(false);
    expect(await plaid.sendWebhook(`${address}/api/plaid/webhook`, webhook)).toBe(200);
    expect(await profileFlag()).toBe(true);
    expect(
      await plaid.sendWebhook(`${address}/api/plaid/webhook`, plaidWebhook.loginRepaired(itemId)),
    ).toBe(200);
    expect(await profileFlag()).toBe(false);
  });

  it('waits while a new item’s bank prepares its first transactions, saying so, then loads them', async () => {
    const session = await signIn(t.app, '+15555555003');
    await t.runQueuedJobs(); // what earlier tests left, so the bank's answers below are this item's
    // Plaid answers NOT_READY, however often it is asked, until the bank has sent something.
    plaid.notReadyNext(Number.POSITIVE_INFINITY);
    await linkCiti(session.token);
    const loadStatus = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: bankingRoutes.transactionLoadStatus.path,
          headers: bearer(session.token),
        })
      ).json();
    // Each wait is a sync asked again a few seconds later; the test lets it start now (a second
    // back, as the queue takes jobs due strictly before its clock's now).
    const nextTry = async () => {
      await t.database.executeSql(
        "update pgboss.job set start_after = now() - interval '1 second' where name = 'bank-transaction-sync' and state = 'created'",
      );
      return t.runQueuedJobs();
    };
    await t.runQueuedJobs();
    expect(await loadStatus()).toMatchObject({ transactionsLoaded: false, isBankPreparing: true });
    const asked = plaid.calls('/transactions/sync');
    expect(await nextTry()).toContain('bank-transaction-sync');
    expect(plaid.calls('/transactions/sync')).toBeGreaterThan(asked);
    expect(await loadStatus()).toMatchObject({ transactionsLoaded: false, isBankPreparing: true });

    plaid.notReadyNext(0);
    await nextTry();
    const loaded = await loadStatus();
    expect(loaded).toMatchObject({ transactionsLoaded: true });
    expect(loaded.isBankPreparing).toBeUndefined();
    const count = await t.database.executeSql(
      'select count(*)::int as n from bank_transactions where user_id = $1',
      [session.user.userId],
    );
    expect(count.rows[0]!.n).toBeGreaterThan(500);
  });

  it('stops syncing an item the person revoked at Plaid, and asks them to link it again', async () => {
    const session = await signIn(t.app, '+15555555002');
    await linkCiti(session.token);
    await t.runQueuedJobs();
    const item = async () =>
      (
        await t.database.executeSql(
          'select provider_item_id, status from bank_items where user_id = $1',
          [session.user.userId],
        )
      ).rows[0]!;
    const itemId = String((await item()).provider_item_id);

    const revoked = plaidWebhook.userPermissionRevoked(itemId);
    expect(await plaid.sendWebhook(`${address}/api/plaid/webhook`, revoked)).toBe(200);
    expect((await item()).status).toBe('revoked');
    const profile = await t.app.inject({
      method: 'GET',
      url: userRoutes.profileInfo.path,
      headers: bearer(session.token),
    });
    expect(profile.json().is_plaid_update_mode_required).toBe(true);

    // Plaid's later notices of new transactions no longer start a sync of the revoked item.
    const syncsBefore = plaid.calls('/transactions/sync');
    expect(
      await plaid.sendWebhook(
        `${address}/api/plaid/webhook`,
        plaidWebhook.syncUpdatesAvailable(itemId),
      ),
    ).toBe(200);
    await t.runQueuedJobs();
    expect(plaid.calls('/transactions/sync')).toBe(syncsBefore);

    // Linking again starts a new link: a revoked item is past repair in update mode.
    const link = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.link.path,
      headers: bearer(session.token),
    });
    expect(link.json().linkToken).toEqual(expect.any(String));
    expect(plaid.lastRequest('/link/token/create')).not.toHaveProperty('access_token');
  });

  it('reads transfer events when Plaid says there are new ones, and refuses a forged notice', async () => {
    const notice = plaidWebhook.transferEventsUpdate();
    await t.runQueuedJobs();
    expect(await plaid.sendWebhook(`${address}/api/plaid/webhook`, notice, { tamper: true })).toBe(
      401,
    );
    expect(await t.runQueuedJobs()).not.toContain('payment-sync-transfer-events');
    expect(await plaid.sendWebhook(`${address}/api/plaid/webhook`, notice)).toBe(200);
    expect(await t.runQueuedJobs()).toContain('payment-sync-transfer-events');
  });

  it('asks Plaid about at most 20 new key ids a minute, however many made-up ones a flood of webhooks carries', async () => {
    const keyCalls = () => plaid.calls('/webhook_verification_key/get');
    const post = async (signature: string, body: string) =>
      (
        await fetch(`${address}/api/plaid/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'plaid-verification': signature },
          body,
        })
      ).status;
    const body = JSON.stringify(plaidWebhook.syncUpdatesAvailable('nobody'));
    // The genuine key is known from the first test's webhooks.
    expect(await post(await plaid.signWebhook(body), body)).toBe(200);
    const before = keyCalls();

    const forged = await Promise.all(
      Array.from({ length: 40 }, async () =>
        post(await plaid.signWebhookWithKid(body, crypto.randomUUID()), body),
      ),
    );
    const repeatedKid = crypto.randomUUID();
    for (let i = 0; i < 5; i++)
      forged.push(await post(await plaid.signWebhookWithKid(body, repeatedKid), body));
    expect(new Set(forged)).toEqual(new Set([401]));
    expect(keyCalls() - before).toBeLessThanOrEqual(20);

    // Genuine webhooks keep working through the flood.
    expect(await post(await plaid.signWebhook(body), body)).toBe(200);
  });
});
