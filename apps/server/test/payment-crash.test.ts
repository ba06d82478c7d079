/**
 * Crash-restart of a payment: Billow as its own process, paying through Plaid Transfer (a local
 * fake in this process, over a sandbox ledger), killed with SIGKILL after Plaid made the debit
 * but before Billow heard of it — so before the card was funded — and started again on the same
 * data. The debit must stay one, and the card be assigned once. The stock is loaded with the
 * `giftcards:load` command first, the way an operator would.
 * On the embedded database by default; on the PostgreSQL server when DATABASE_URL is set.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { bankingRoutes, paymentRoutes, subscriptionRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBank } from '../src/providers/bank/sandbox/sandbox-bank';
import { createSandboxLedger } from '../src/providers/payment/sandbox/sandbox-ledger';
import { credentialsInHandle } from './debit-handles';
import { sandboxTransfers } from '../src/providers/payment/sandbox/sandbox-ledger.tables';
import { call, crashHarness, signInOver, waitUntil } from './child-server';
import { startFakePlaid, type FakePlaid } from './fakes/fake-plaid';
import { checkingWithBills, huluBill, plaidPublicToken } from './sandbox-link';
import { createTestDatabase, type TestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../../..');

describe('a server killed between the debit and the card', () => {
  let plaidDb: TestDatabase;
  let plaid: FakePlaid;
  const harness = crashHarness('pay-crash');

  beforeAll(async () => {
    plaidDb = await createTestDatabase();
    const bank = createSandboxBank({ db: plaidDb.db });
    plaid = await startFakePlaid(bank, {
      ledger: createSandboxLedger({ db: plaidDb.db, bank, credentialsOf: credentialsInHandle }),
    });
    await harness.setUp({
      BANK_PROVIDER: 'plaid',
      PAYMENT_PROVIDER: 'plaid',
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

  it('debits once and assigns the card once', async () => {
    const csv = path.join(harness.dataDir, 'stock.csv');
    await fs.writeFile(
      csv,
      'serviceName,cardNumber,cardValue,expiryDate\n' +
        'Hulu,5100000000000001,99.99,2029-12-31\nHulu,5100000000000002,99.99,2029-12-31\n',
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/load-gift-cards.ts', csv],
      { cwd: root, env: { ...process.env, ...harness.env } },
    );
    expect(stdout).toContain('Added 2 gift card(s)');
    expect(stdout).not.toContain('5100000000000001');

    let { server, url } = await start();
    const token = await signInOver(url, '+15555558001');
    const today = new Date().toISOString().slice(0, 10);
    const public_token = await plaidPublicToken(
      plaid,
      [checkingWithBills(today, [huluBill(17.99)], { mask: '2222' })],
      // Linked with consent to Transfer, as Billow's link tokens ask for it.
      { products: ['transactions', 'transfer'] },
    );
    await call(url, 'POST', bankingRoutes.linkResult.path, {
      token,
      body: { publicToken: public_token },
    });
    let huluId: string | undefined;
    await waitUntil(async () => {
      const list = (await call(url, 'GET', subscriptionRoutes.listAll.path, { token }))
        .body as unknown as { id: string; merchant_name: string }[];
      huluId = list.find((s) => s.merchant_name === 'Hulu')?.id;
      return huluId !== undefined;
    }, 'Hulu is detected');

    // Plaid makes the debit, but its answer never reaches Billow: killed right there.
    const held = plaid.hold('/transfer/create', { afterHandling: true });
    const paid = await call(url, 'POST', paymentRoutes.pay.path, {
      token,
      body: { subscription_id: huluId },
    });
    expect(paid.body).toMatchObject({ success: true, amount: 99.99 });
    await held.reached;
    await server.kill();
    held.release();
    expect(await plaidDb.db.select().from(sandboxTransfers)).toHaveLength(1);
    // Nothing stands in for the job's expiry: on a server the restarted process puts the
    // payment's job back once the killed one's heartbeat is half a minute old.

    ({ server, url } = await start());
    await waitUntil(
      async () => {
        const card = await call(url, 'POST', paymentRoutes.giftCard.path, {
          token,
          body: { subscriptionId: huluId, includeFullCardNumber: false },
        });
        return card.body.success === true;
      },
      'the card is funded',
      90_000,
    );
    const again = await call(url, 'POST', paymentRoutes.pay.path, {
      token,
      body: { subscription_id: huluId },
    });
    expect(again.body).toMatchObject({ success: false, error_type: 'already_paid' });
    expect(await server.stop()).toBe(0);

    expect(await plaidDb.db.select().from(sandboxTransfers)).toHaveLength(1);
    expect(
      await query<{ status: string; n: number }>(
        `select status, count(*)::int n from gift_cards group by status order by status`,
      ),
    ).toEqual([
      { status: 'assigned', n: 1 },
      { status: 'available', n: 1 },
    ]);
    expect(await query<{ status: string }>(`select status from payments`)).toEqual([
      { status: 'funded' },
    ]);
  }, 240_000);
});
