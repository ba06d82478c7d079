/**
 * What every bank source promises core code (the BankSource port, docs/banking.md): the sandbox
 * bank and Plaid (through Link's public token) and SimpleFIN Bridge (through a setup token) each
 * connect once, list accounts, fetch transactions from the start and again since the last point
 * without anything new, and disconnect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlaid, type FakePlaid } from '../../../test/fakes/fake-plaid';
import {
  startFakeSimplefin,
  unixSeconds,
  type FakeSimplefin,
} from '../../../test/fakes/fake-simplefin';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { BankProviderError, type BankSource, type SyncPoint } from './bank-provider';
import { createPlaidBankProvider } from './bank-provider.plaid';
import { linkBankSource } from './bank-source.link';
import { createSandboxBank } from './sandbox/sandbox-bank';
import { createSimplefinBankSource } from './simplefin/bank-source.simplefin';
import { createSimplefinClient } from './simplefin/simplefin-client';

type Harness = { source: BankSource; startStep(): Promise<string> };

async function fetchAll(source: BankSource, credential: string, since: SyncPoint) {
  const ids = new Set<string>();
  let cursor = since.cursor;
  for (;;) {
    const page = await source.fetchTransactions(credential, { ...since, cursor });
    for (const t of [...page.added, ...page.modified]) ids.add(t.transactionId);
    cursor = page.nextCursor;
    if (!page.hasMore) return { ids, cursor };
  }
}

function describeBankSource(
  name: string,
  setup: () => Promise<Harness>,
  teardown: () => Promise<void>,
) {
  describe(`${name} as a bank source`, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(teardown);

    it('connects once, lists accounts, fetches since a point, and disconnects', async () => {
      const { source } = harness;
      const proof = await harness.startStep();
      const { credential, connectionId } = await source.connect(proof);
      expect(connectionId).toEqual(expect.any(String));
      await expect(source.connect(proof)).rejects.toBeInstanceOf(BankProviderError);

      const { accounts } = await source.listAccounts(credential);
      expect(accounts.length).toBeGreaterThan(0);
      for (const account of accounts)
        expect(account).toMatchObject({ accountId: expect.any(String), type: expect.any(String) });

      const now = new Date();
      const first = await fetchAll(source, credential, { cursor: null, lastSyncedAt: null, now });
      expect(first.ids.size).toBeGreaterThan(0);
      const known = new Set(accounts.map((a) => a.accountId));
      const again = await source.fetchTransactions(credential, {
        cursor: first.cursor,
        lastSyncedAt: now,
        now,
      });
      // Since the last point nothing is new: a cursor answers nothing, a window only what it had.
      for (const t of [...again.added, ...again.modified]) {
        expect(first.ids.has(t.transactionId)).toBe(true);
        expect(known.has(t.accountId)).toBe(true);
      }
      await source.disconnect(credential);
    });
  });
}

let sandboxDb: TestDatabase;
describeBankSource(
  'the sandbox bank',
  async () => {
    sandboxDb = await createTestDatabase();
    const bank = createSandboxBank({ db: sandboxDb.db });
    return {
      source: linkBankSource(bank),
      startStep: async () =>
        (await bank.createPublicToken({ institution_id: 'ins_sbx_wells_fargo' })).public_token,
    };
  },
  () => sandboxDb.destroy(),
);

let plaidDb: TestDatabase;
let plaid: FakePlaid;
describeBankSource(
  'Plaid',
  async () => {
    plaidDb = await createTestDatabase();
    plaid = await startFakePlaid(createSandboxBank({ db: plaidDb.db }));
    const provider = createPlaidBankProvider({
      ...plaid.credentials,
      environment: 'sandbox',
      basePath: plaid.url,
    });
    return {
      source: linkBankSource(provider),
      startStep: () => plaid.createPublicToken('ins_sbx_wells_fargo'),
    };
  },
  async () => {
    await plaid.close();
    await plaidDb.destroy();
  },
);

let bridge: FakeSimplefin;
describeBankSource(
  'SimpleFIN Bridge',
  async () => {
    bridge = await startFakeSimplefin();
    const day = (n: number) => unixSeconds(new Date(Date.now() - n * 86_400_000));
    bridge.accounts = [
      {
        org: { name: 'First Federal', domain: 'firstfed.example', 'sfin-url': bridge.url },
        id: 'ACT-1',
        name: 'Everyday Checking 4321',
        currency: 'USD',
        balance: '100.00',
        'balance-date': day(0),
        transactions: [
          { id: 'T-1', posted: day(2), amount: '-9.99', description: 'SPOTIFY' },
          { id: 'T-2', posted: day(30), amount: '-9.99', description: 'SPOTIFY' },
        ],
      },
    ];
    return {
      source: createSimplefinBankSource(createSimplefinClient({ allowLoopbackHttp: true })),
      startStep: async () => bridge.createSetupToken(),
    };
  },
  () => bridge.close(),
);
