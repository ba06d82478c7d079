/**
 * One bill paid from two accounts: a household where two people pay the same bill, or
 * a plan paid from a checking account and a card, about a day apart each month. Importing the
 * second account's statement must not make the bills disappear, and above all must not take
 * with them what Billow did for the person: a finished negotiation, its calls, its savings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankingRoutes,
  importRoutes,
  negotiationRoutes,
  savingsRoutes,
  subscriptionRoutes,
  userRoutes,
  type NegotiationOffer,
  type ProfileInfo,
  type Subscription,
} from '@billow/contracts';
import { twoAccountsStatement } from './two-accounts-statement';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const today = '2026-11-20';
const statement = (shift: number) => twoAccountsStatement(today, shift);

describe('the same bills paid from two accounts', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(`${today}T12:00:00Z`),
      env: { SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' },
    });
    const session = await signIn(t.app, '+14155550371');
    token = session.token;
    userId = session.user.userId;
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const bills = async () =>
    (await request('GET', subscriptionRoutes.listAll.path)).json() as Subscription[];
  const offers = async () =>
    (await request('GET', negotiationRoutes.negotiable.path)).json() as NegotiationOffer[];
  const offerOf = async (name: string) =>
    (await offers()).find((offer) => offer.service_name === name);

  it('keeps both bills and the finished negotiation after the second account is imported', async () => {
    const checking = await request('POST', importRoutes.commit.path, {
      fileName: 'checking.csv',
      fileText: statement(0),
    });
    expect(checking.statusCode, checking.body).toBe(200);
    await t.runQueuedJobs();
    expect((await bills()).map((bill) => bill.merchant_name).sort()).toEqual([
      'Spotify',
      'TEST_MERCHANT',
    ]);

    const enabled = await request('POST', userRoutes.updateProfileSettings.path, {
      is_bill_negotiation_enabled: true,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await t.runQueuedJobs();
    const negotiated = await offerOf('TEST_MERCHANT');
    expect(negotiated).toMatchObject({ status: 'SUCCESSFUL', successful_savings: 50 });
    // Promised until a linked bank shows the lower charge (imported files never verify it).
    const savings = await request('GET', savingsRoutes.lifetime.path);
    expect(savings.json()).toMatchObject({ lifetime_savings: 0, promised_savings: 50 });

    const card = await request('POST', importRoutes.commit.path, {
      fileName: 'credit-card.csv',
      fileText: statement(1),
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ added: 16 });
    await t.runQueuedJobs();

    // Each bill once per account, never gone; the negotiated one is the same bill as before.
    const after = await bills();
    const paidFrom = (name: string) =>
      after
        .filter((bill) => bill.merchant_name.startsWith(name))
        .map((bill) => bill.payment_method)
        .sort();
    expect(paidFrom('Spotify')).toEqual(['checking ••••', 'credit card ••••']);
    expect(paidFrom('TEST_MERCHANT')).toEqual(['checking ••••', 'credit card ••••']);
    expect(after.map((bill) => bill.id)).toContain(negotiated!.subscription_id);
    const again = (await offers()).find(
      (offer) => offer.subscription_id === negotiated!.subscription_id,
    );
    expect(again).toMatchObject({ status: 'SUCCESSFUL', successful_savings: 50 });
    const { rows } = await t.database.executeSql(
      `select n.status, (select count(*)::int from negotiation_calls c where c.negotiation_id = n.id)
         as calls, (select count(*)::int from savings_ledger s where s.subscription_id = n.subscription_id)
         as savings
       from negotiations n where n.subscription_id = $1`,
      [negotiated!.subscription_id],
    );
    expect(rows).toEqual([{ status: 'SUCCESSFUL', calls: 1, savings: 1 }]);
  });

  it('ends a bill with history whose charges are gone, and keeps its negotiation and savings', async () => {
    const [negotiated] = (await offers()).filter((offer) => offer.status === 'SUCCESSFUL');
    const profile = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      })
    ).json() as ProfileInfo;
    const accounts = profile.linkedAccounts.filter((account) => account.bankName === 'checking');
    expect(accounts).toHaveLength(1);
    const deleted = await request('POST', bankingRoutes.deleteFinancialAccount.path, {
      financialAccountId: accounts[0]!.id,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.jobs.queue.send('subscriptions-detect', { userId }, { singletonKey: userId });
    await t.runQueuedJobs();

    const bill = (await bills()).find((s) => s.id === negotiated!.subscription_id);
    expect(bill).toMatchObject({
      status: 'CANCELLED',
      merchant_name: expect.stringMatching(/^TEST_MERCHANT/),
    });
    const { rows } = await t.database.executeSql(
      `select n.status,
         (select count(*)::int from savings_ledger s where s.subscription_id = n.subscription_id)
         as savings
       from negotiations n where n.subscription_id = $1`,
      [negotiated!.subscription_id],
    );
    expect(rows).toEqual([{ status: 'SUCCESSFUL', savings: 1 }]);
    // The card's charges are still the card's bill.
    expect(
      (await bills()).filter(
        (s) => s.merchant_name.startsWith('TEST_MERCHANT') && s.status === 'ACTIVE',
      ),
    ).toHaveLength(1);
  });
});
