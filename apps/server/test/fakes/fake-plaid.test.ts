/**
 * The fake Plaid answers as Plaid's API description (vendor-apis/plaid.subset.json) says: it
 * refuses what Plaid refuses, and every answer it gives, driven through Billow's own adapters,
 * has a shape Plaid documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaidBankProvider } from '../../src/providers/bank/bank-provider.plaid';
import { createSandboxBank } from '../../src/providers/bank/sandbox/sandbox-bank';
import { createPlaidTransferProvider } from '../../src/providers/payment/payment-provider.plaid';
import { createSandboxLedger } from '../../src/providers/payment/sandbox/sandbox-ledger';
import { credentialsInHandle, handleOf } from '../debit-handles';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startFakePlaid, type FakePlaid } from './fake-plaid';
import { vendorApi } from './vendor-apis/vendor-api';

let db: TestDatabase;
let plaid: FakePlaid;

beforeAll(async () => {
  db = await createTestDatabase();
  const bank = createSandboxBank({ db: db.db });
  plaid = await startFakePlaid(bank, {
    ledger: createSandboxLedger({ db: db.db, bank, credentialsOf: credentialsInHandle }),
  });
});
afterAll(async () => {
  await plaid.close();
  await db.destroy();
});

async function post(path: string, body: object) {
  const response = await fetch(`${plaid.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'plaid-client-id': plaid.credentials.clientId,
      'plaid-secret': plaid.credentials.secret,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake Plaid', () => {
  it('refuses a request Plaid refuses, with the error Plaid answers', async () => {
    const missing = await post('/transactions/sync', { count: 100 });
    expect(missing).toMatchObject({
      status: 400,
      body: { error_type: 'INVALID_REQUEST', error_code: 'MISSING_FIELDS' },
    });
    const unknown = await post('/item/remove', { access_token: 'access-x', reason: 'done' });
    expect(unknown.body).toMatchObject({ error_code: 'UNKNOWN_FIELDS' });
    const tooMany = await post('/transactions/sync', { access_token: 'access-x', count: 1000 });
    expect(tooMany.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    const wrongType = await post('/transfer/event/sync', { after_id: '7' });
    expect(wrongType.body).toMatchObject({ error_code: 'INVALID_FIELD' });
    expect(plaid.takeViolations()).toEqual([
      expect.stringContaining("must have required property 'access_token'"),
      expect.stringContaining("unevaluated properties 'reason'"),
      expect.stringContaining('/count must be <= 500'),
      expect.stringContaining('/after_id must be integer'),
    ]);
  });

  it('knows a shape Plaid never sends when it sees one', () => {
    const plaidApi = vendorApi('plaid');
    expect(plaidApi.checkResponse('POST', '/item/remove', 200, { request_id: 'r' })).toEqual([]);
    expect(
      plaidApi.checkResponse('POST', '/item/remove', 200, { request_id: 'r', removed: true }),
    ).toEqual([expect.stringContaining("unevaluated properties 'removed'")]);
    expect(
      plaidApi.checkResponse('POST', '/transactions/sync', 200, {
        added: [],
        modified: [],
        removed: [{ transaction_id: 't-1' }],
        next_cursor: '',
        has_more: false,
        transactions_update_status: 'NOT_READY',
        accounts: [],
        request_id: 'r',
      }),
    ).toEqual([expect.stringContaining("/removed/* must have required property 'account_id'")]);
  });

  it('answers Billow’s whole bank journey in shapes Plaid documents', async () => {
    const provider = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
      webhookUrl: 'https://billow.example/api/plaid/webhook',
      redirectUri: 'https://billow.example/oauth',
      withTransfer: true,
    });
    await provider.createLinkToken({ clientUserRef: 'ref-1' });
    // Linked with Transfer consent, as Billow asks for it when it pays through Plaid.
    const { accessToken } = await provider.exchangePublicToken(
      await plaid.createPublicToken('ins_sbx_wells_fargo', ['transactions', 'transfer']),
    );
    await provider.createLinkToken({ clientUserRef: 'ref-1', accessToken });
    await provider.getItem(accessToken);
    const accounts = await provider.getAccounts(accessToken);
    plaid.notReadyNext(1);
    expect((await provider.syncTransactions(accessToken, null)).isReady).toBe(false);
    let cursor: string | null = null;
    for (;;) {
      const page = await provider.syncTransactions(accessToken, cursor);
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    plaid.failNext('/accounts/get', {
      status: 400,
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      error_message: 'the login details of this item have changed',
    });
    await expect(provider.getAccounts(accessToken)).rejects.toMatchObject({
      vendorCode: 'ITEM_LOGIN_REQUIRED',
    });

    const transfer = createPlaidTransferProvider(
      { ...plaid.credentials, environment: 'sandbox', basePath: plaid.url },
      credentialsInHandle,
    );
    const checking = accounts.find((a) => a.subtype === 'checking')!;
    const account = handleOf({ accessToken, accountId: checking.accountId });
    const decision = await transfer.authorizeDebit({
      account,
      amountCents: 1999,
      idempotencyKey: 'auth-1',
      legalName: 'Ada Lovelace',
    });
    expect(decision.decision).toBe('approved');
    if (decision.decision !== 'approved') return;
    await transfer.createDebit({
      account,
      amountCents: 1999,
      authorizationId: decision.authorizationId,
      idempotencyKey: 'transfer-1',
      description: 'Billow annual plan',
      legalName: 'Ada Lovelace',
    });
    await transfer.syncEvents(0);
    plaid.decideNextAuthorization('declined', 'TRANSFER_LIMIT_REACHED');
    await transfer.authorizeDebit({
      account,
      amountCents: 1999,
      idempotencyKey: 'auth-2',
      legalName: 'Ada Lovelace',
    });
    plaid.decideNextAuthorization('user_action_required', null);
    await transfer.authorizeDebit({
      account,
      amountCents: 1999,
      idempotencyKey: 'auth-3',
      legalName: 'Ada Lovelace',
    });

    await provider.removeItem(accessToken);
    await expect(provider.getAccounts(accessToken)).rejects.toBeDefined();
    expect(plaid.takeViolations()).toEqual([]);
  });

  it('signs and answers webhooks in shapes Plaid documents', async () => {
    const provider = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
    });
    const body = JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: 'item-1',
      initial_update_complete: true,
      historical_update_complete: false,
      environment: 'sandbox',
    });
    const signature = await plaid.signWebhook(body);
    expect(await provider.parseWebhook(body, { 'plaid-verification': signature })).toEqual({
      kind: 'sync-updates-available',
      itemId: 'item-1',
    });
    await provider.parseWebhook(body, {
      'plaid-verification': await plaid.signWebhookWithKid(body, 'kid-never-issued'),
    });
    expect(plaid.takeViolations()).toEqual([]);
  });

  it('refuses to post a webhook body Plaid never sends', async () => {
    await plaid
      .sendWebhook('http://127.0.0.1:9/nowhere', {
        webhook_type: 'ITEM',
        webhook_code: 'USER_PERMISSION_REVOKED',
        item_id: 'item-1',
      })
      .catch(() => undefined);
    expect(plaid.takeViolations()).toEqual([
      expect.stringMatching(/UserPermissionRevokedWebhook[\s\S]*required property 'environment'/),
    ]);
  });
});
