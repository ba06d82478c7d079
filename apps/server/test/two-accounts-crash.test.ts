/**
 * Crash-restart of the two-accounts import: Billow as its own process, with the
 * simulated call agent. A person imports a checking account's statement, Billow negotiates the
 * $50 bill to the end, then the person imports a credit card's statement with the same two
 * bills a day later each month, and the process is killed with SIGKILL as soon as the import
 * is answered, while the bills are being found again. Started again on the same data: each bill
 * is found on both accounts, never on neither, and the negotiation, its call and its saving are
 * all still there. (two-accounts.test.ts has the same bills without the crash.)
 * On the embedded database by default; on the PostgreSQL server when DATABASE_URL is set.
 */
import {
  importRoutes,
  negotiationRoutes,
  subscriptionRoutes,
  userRoutes,
  type NegotiationOffer,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, crashHarness, signInOver, waitUntil } from './child-server';
import { twoAccountsStatement } from './two-accounts-statement';

const today = new Date().toISOString().slice(0, 10);
const statement = (shift: number) => twoAccountsStatement(today, shift);

describe('a server killed while the second account of the same bills is imported', () => {
  const harness = crashHarness('two-accounts-crash');
  beforeAll(() => harness.setUp({ SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' }));
  afterAll(() => harness.tearDown());

  it('finds each bill on both accounts after a restart and keeps the negotiation', async () => {
    let { server, url } = await harness.start();
    const token = await signInOver(url, '+15555559101');
    const bills = async () =>
      (await call(url, 'GET', subscriptionRoutes.listAll.path, { token }))
        .body as unknown as Subscription[];
    const offer = async () =>
      (
        (await call(url, 'GET', negotiationRoutes.negotiable.path, { token }))
          .body as unknown as NegotiationOffer[]
      ).find((o) => o.service_name === 'TEST_MERCHANT');

    const checking = await call(url, 'POST', importRoutes.commit.path, {
      token,
      body: { fileName: 'checking.csv', fileText: statement(0) },
    });
    expect(checking.status).toBe(200);
    await waitUntil(async () => (await bills()).length === 2, 'both bills are found');
    const enabled = await call(url, 'POST', userRoutes.updateProfileSettings.path, {
      token,
      body: { is_bill_negotiation_enabled: true },
    });
    expect(enabled.status).toBe(200);
    await waitUntil(
      async () => (await offer())?.status === 'SUCCESSFUL',
      'the negotiation ends',
      90_000,
    );
    const negotiated = (await offer())!;

    // The card's statement is stored, and the process killed while its bills are found again.
    const card = await call(url, 'POST', importRoutes.commit.path, {
      token,
      body: { fileName: 'credit-card.csv', fileText: statement(1) },
    });
    expect(card.body).toMatchObject({ added: 16 });
    await server.kill();

    ({ server, url } = await harness.start());
    const paidFrom = async (name: string) =>
      (await bills())
        .filter((bill) => bill.merchant_name.startsWith(name))
        .map((bill) => bill.payment_method)
        .sort();
    await waitUntil(
      async () =>
        JSON.stringify(await paidFrom('Spotify')) ===
          JSON.stringify(['checking ••••', 'credit card ••••']) &&
        JSON.stringify(await paidFrom('TEST_MERCHANT')) ===
          JSON.stringify(['checking ••••', 'credit card ••••']),
      'each bill is found on both accounts',
      90_000,
    );
    expect((await bills()).map((bill) => bill.id)).toContain(negotiated.subscription_id);
    const offers = (await call(url, 'GET', negotiationRoutes.negotiable.path, { token }))
      .body as unknown as NegotiationOffer[];
    expect(offers.find((o) => o.subscription_id === negotiated.subscription_id)).toMatchObject({
      status: 'SUCCESSFUL',
      successful_savings: 50,
    });
    expect(await server.stop()).toBe(0);

    expect(
      await harness.query<{ status: string; calls: number; savings: number }>(
        `select n.status,
           (select count(*)::int from negotiation_calls c where c.negotiation_id = n.id) as calls,
           (select count(*)::int from savings_ledger s where s.subscription_id = n.subscription_id)
             as savings
         from negotiations n where n.subscription_id = '${negotiated.subscription_id}'`,
      ),
    ).toEqual([{ status: 'SUCCESSFUL', calls: 1, savings: 1 }]);
    // Every transaction of both files once: the import was all or nothing, and kept.
    expect(
      await harness.query<{ n: number }>(`select count(*)::int n from bank_transactions`),
    ).toEqual([{ n: 32 }]);
  }, 300_000);
});
