/**
 * The behaviour both bank adapters promise. The sandbox bank runs directly; the Plaid adapter
 * runs against a local fake of Plaid's HTTP API backed by the same sandbox bank.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plaidWebhook, startFakePlaid, type FakePlaid } from '../../../test/fakes/fake-plaid';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { BankProviderError, type BankProvider, type BankTransaction } from './bank-provider';
import { createPlaidBankProvider } from './bank-provider.plaid';
import { createSandboxBank } from './sandbox/sandbox-bank';

type Harness = { provider: BankProvider; makePublicToken(): Promise<string> };

function describeBankProvider(
  name: string,
  setup: () => Promise<Harness>,
  teardown: () => Promise<void>,
) {
  describe(`${name} bank provider`, () => {
    let harness: Harness;
    let accessToken: string;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(teardown);

    it('creates link tokens', async () => {
      const { linkToken, expiration } = await harness.provider.createLinkToken({
        clientUserRef: 'user-ref-1',
      });
      expect(linkToken).toBeTruthy();
      expect(new Date(expiration).getTime()).toBeGreaterThan(Date.now());
    });

    it('exchanges a public token once', async () => {
      const publicToken = await harness.makePublicToken();
      const exchanged = await harness.provider.exchangePublicToken(publicToken);
      expect(exchanged.itemId).toBeTruthy();
      accessToken = exchanged.accessToken;
      await expect(harness.provider.exchangePublicToken(publicToken)).rejects.toMatchObject({
        code: 'link-session-invalid',
        vendorCode: 'INVALID_PUBLIC_TOKEN',
      });
    });

    it('names the institution and lists checking, savings and a card', async () => {
      const { institution } = await harness.provider.getItem(accessToken);
      expect(institution).toEqual({
        institutionId: expect.any(String),
        name: expect.any(String),
        domain: expect.stringMatching(/\.(com|org)$/),
      });
      const accounts = await harness.provider.getAccounts(accessToken);
      expect(accounts.map((a) => a.subtype).sort()).toEqual(['checking', 'credit card', 'savings']);
      for (const account of accounts) expect(account.mask).toMatch(/^\d{4}$/);
    });

    it('syncs two years in pages, then nothing new from the last cursor', async () => {
      const all: BankTransaction[] = [];
      let cursor: string | null = null;
      let pages = 0;
      for (;;) {
        const page = await harness.provider.syncTransactions(accessToken, cursor);
        all.push(...page.added);
        cursor = page.nextCursor;
        pages++;
        if (!page.hasMore) break;
      }
      expect(pages).toBeGreaterThan(1);
      expect(new Set(all.map((t) => t.transactionId)).size).toBe(all.length);
      const dates = all.map((t) => t.date).sort();
      expect(Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)).toBeGreaterThan(700 * 86_400_000);
      expect(all.some((t) => /NETFLIX/.test(t.name) && t.amount > 0)).toBe(true);
      expect(all.some((t) => t.amount < 0)).toBe(true);

      const again = await harness.provider.syncTransactions(accessToken, cursor);
      expect(again).toMatchObject({ added: [], modified: [], removed: [], hasMore: false });
    });

    it('forgets a removed item', async () => {
      await harness.provider.removeItem(accessToken);
      await expect(harness.provider.getAccounts(accessToken)).rejects.toBeInstanceOf(
        BankProviderError,
      );
    });
  });
}

let sandboxDb: TestDatabase;
describeBankProvider(
  'sandbox',
  async () => {
    sandboxDb = await createTestDatabase();
    const bank = createSandboxBank({ db: sandboxDb.db });
    return {
      provider: bank,
      makePublicToken: async () =>
        (await bank.createPublicToken({ institution_id: 'ins_sbx_wells_fargo' })).public_token,
    };
  },
  () => sandboxDb.destroy(),
);

let plaidDb: TestDatabase;
let fake: FakePlaid;
describeBankProvider(
  'Plaid',
  async () => {
    plaidDb = await createTestDatabase();
    fake = await startFakePlaid(createSandboxBank({ db: plaidDb.db }));
    const provider = createPlaidBankProvider({
      ...fake.credentials,
      environment: 'sandbox',
      basePath: fake.url,
    });
    return {
      provider,
      async makePublicToken() {
        return fake.createPublicToken('ins_sbx_wells_fargo');
      },
    };
  },
  async () => {
    await fake.close();
    await plaidDb.destroy();
  },
);

describe('the Plaid adapter as Plaid documents it', () => {
  let db: TestDatabase;
  let plaid: FakePlaid;
  let provider: BankProvider;
  let accessToken: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    plaid = await startFakePlaid(createSandboxBank({ db: db.db }));
    provider = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
    });
    const public_token = await plaid.createPublicToken('ins_sbx_wells_fargo');
    ({ accessToken } = await provider.exchangePublicToken(public_token));
  });
  afterAll(async () => {
    await plaid.close();
    await db.destroy();
  });

  it('asks for Transfer consent at link time only when annual plans are paid through Plaid', async () => {
    await provider.createLinkToken({ clientUserRef: 'ref-1' });
    expect(plaid.lastRequest('/link/token/create')).not.toHaveProperty('optional_products');
    const paying = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
      withTransfer: true,
    });
    await paying.createLinkToken({ clientUserRef: 'ref-2' });
    expect(plaid.lastRequest('/link/token/create')).toMatchObject({
      products: ['transactions'],
      optional_products: ['transfer'],
    });
  });

  it('reads the bank’s own description of a charge, not Plaid’s cleaned-up name', async () => {
    const page = await provider.syncTransactions(accessToken, null);
    const netflix = page.added.find((t) => t.merchantName === 'Netflix');
    expect(netflix?.name).toMatch(/NETFLIX/);
    expect(netflix?.name).not.toBe('Netflix');
  });

  it('treats any rate limit as a wait, whatever the endpoint’s own code', async () => {
    plaid.failNext('/transactions/sync', {
      status: 429,
      error_type: 'RATE_LIMIT_EXCEEDED',
      error_code: 'TRANSACTIONS_SYNC_LIMIT',
      error_message: 'rate limit exceeded for transactions sync',
    });
    const failure = await provider.syncTransactions(accessToken, null).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'unavailable', vendorCode: 'TRANSACTIONS_SYNC_LIMIT' });
  });
});

describe('Plaid webhooks', () => {
  let db: TestDatabase;
  let plaid: FakePlaid;
  let provider: BankProvider;
  beforeAll(async () => {
    db = await createTestDatabase();
    plaid = await startFakePlaid(createSandboxBank({ db: db.db }));
    provider = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
    });
  });
  afterAll(async () => {
    await plaid.close();
    await db.destroy();
  });

  const body = JSON.stringify(plaidWebhook.syncUpdatesAvailable('item-1'));

  it('reads a genuine webhook', async () => {
    const headers = { 'plaid-verification': await plaid.signWebhook(body) };
    expect(await provider.parseWebhook(body, headers)).toEqual({
      kind: 'sync-updates-available',
      itemId: 'item-1',
    });
  });

  it('refuses a tampered body, an old signature and no signature', async () => {
    const signature = await plaid.signWebhook(body);
    expect(
      await provider.parseWebhook(body.replace('item-1', 'item-2'), {
        'plaid-verification': signature,
      }),
    ).toBeUndefined();
    const old = await plaid.signWebhook(body, { issuedAt: new Date(Date.now() - 10 * 60_000) });
    expect(await provider.parseWebhook(body, { 'plaid-verification': old })).toBeUndefined();
    expect(await provider.parseWebhook(body, {})).toBeUndefined();
  });

  it('accepts a signature issued a second ahead of this server’s clock', async () => {
    const ahead = await plaid.signWebhook(body, { issuedAt: new Date(Date.now() + 5_000) });
    expect(await provider.parseWebhook(body, { 'plaid-verification': ahead })).toEqual({
      kind: 'sync-updates-available',
      itemId: 'item-1',
    });
  });

  it('keeps accepting Plaid’s own key while a forger posts made-up key ids', async () => {
    // A fresh adapter has no key yet, as after a restart: the forger goes first.
    const fresh = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
    });
    for (let i = 0; i < 3; i++) {
      const forged = await plaid.signWebhookWithKid(body, crypto.randomUUID());
      expect(await fresh.parseWebhook(body, { 'plaid-verification': forged })).toBeUndefined();
      const genuine = await plaid.signWebhook(body);
      expect(await fresh.parseWebhook(body, { 'plaid-verification': genuine })).toEqual({
        kind: 'sync-updates-available',
        itemId: 'item-1',
      });
    }
  });

  it('reads login-required, pending-disconnect and repaired items', async () => {
    const read = async (payload: object) => {
      const text = JSON.stringify(payload);
      return provider.parseWebhook(text, { 'plaid-verification': await plaid.signWebhook(text) });
    };
    expect(await read(plaidWebhook.itemError('i', 'ITEM_LOGIN_REQUIRED'))).toEqual({
      kind: 'login-required',
      itemId: 'i',
    });
    expect(await read(plaidWebhook.pendingDisconnect('i'))).toEqual({
      kind: 'pending-disconnect',
      itemId: 'i',
    });
    expect(await read(plaidWebhook.loginRepaired('i'))).toEqual({
      kind: 'login-repaired',
      itemId: 'i',
    });
    expect(await read(plaidWebhook.userPermissionRevoked('i'))).toEqual({
      kind: 'access-revoked',
      itemId: 'i',
    });
    expect(await read(plaidWebhook.itemError('i', 'ITEM_NOT_FOUND'))).toEqual({
      kind: 'access-revoked',
      itemId: 'i',
    });
    expect(await read(plaidWebhook.itemError('i', 'ACCESS_NOT_GRANTED'))).toEqual({
      kind: 'login-required',
      itemId: 'i',
    });
  });

  it('stops trusting a key once Plaid says it expired', async () => {
    const signature = await plaid.signWebhook(body);
    const fresh = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
    });
    plaid.expireKey();
    expect(await fresh.parseWebhook(body, { 'plaid-verification': signature })).toBeUndefined();
  });
});
