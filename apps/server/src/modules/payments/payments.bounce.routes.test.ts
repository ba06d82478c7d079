/**
 * A debit that bounces, with the fronting policy on: a card released before
 * its debit settled and then returned is owed, and blocks further payments until settled. The
 * sandbox bank day is one minute here (SANDBOX_BANK_DAY_SECONDS), and the transfer events are
 * read through the sandbox's dev endpoint, as a person trying it out would.
 */
import {
  paymentRoutes,
  subscriptionRoutes,
  type BankTransferResponse,
  type GiftCardResponse,
  type InstantSavingsItem,
  type ProblemDetails,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

const today = '2026-11-20';
const BANK_DAY_MS = 60_000;

/** Hulu, Netflix and Planet Fitness monthly from Checking; an "NSF" account whose debits bounce. */
function accounts() {
  const transactions = [];
  for (let month = 0; month < 6; month++) {
    const day = (offset: number) => dayFrom(today, -30 * month - offset);
    transactions.push(customTransaction(day(3), 'HULU 877-8244858 CA', 18.99));
    transactions.push(customTransaction(day(7), 'SQ *PLANET FITNESS', 25));
    transactions.push(customTransaction(day(9), 'NETFLIX.COM 866-579-7172 CA', 17.99));
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 5000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 5000,
      meta: { name: 'NSF Checking', mask: '9999' },
      transactions: [],
    },
  ];
}

describe('a bounced debit whose card was fronted', () => {
  let t: TestApp;
  let now = new Date(`${today}T12:00:00Z`);
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: {
        SANDBOX_BANK_DAY_SECONDS: String(BANK_DAY_MS / 1000),
        PAYMENTS_FRONT_MAX_CENTS: '50000',
        PAYMENTS_FRONT_AFTER_SETTLED_PAYMENTS: '1',
      },
    });
    let n = 0;
    await t.modules.giftCards.service.load(
      ['Hulu', 'Netflix', 'Planet Fitness'].flatMap((serviceName) =>
        Array.from({ length: 3 }, () => ({
          serviceName,
          cardNumber: `6000${String(++n).padStart(12, '0')}`,
          cardValue: 100,
        })),
      ),
    );
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const pay = async (token: string, subscriptionId: string, financialAccountId: string) =>
    post(token, paymentRoutes.pay.path, { subscription_id: subscriptionId, financialAccountId });
  const giftCard = async (token: string, subscriptionId: string, includeFullCardNumber = false) =>
    (
      await post(token, paymentRoutes.giftCard.path, { subscriptionId, includeFullCardNumber })
    ).json() as GiftCardResponse;
  /** Bank days pass, and Billow reads the transfer events through the dev endpoint. */
  const bankDaysPass = async (token: string, days: number) => {
    now = new Date(now.getTime() + days * BANK_DAY_MS);
    const synced = await post(token, '/api/dev/payments/sync-transfer-events');
    expect(synced.statusCode, synced.body).toBe(200);
    await t.runQueuedJobs();
  };

  it('releases a card early only for a person with settled payments, and makes a bounce after it owed, blocking payments until settled', async () => {
    const phone = '+14155550177';
    const { token, user } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, { overrideAccounts: accounts() });
    const subscriptions = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    const idOf = (name: string) => subscriptions.find((s) => s.merchant_name === name)!.id;
    const { rows } = await t.database.executeSql(
      `select id, name from bank_accounts where user_id = $1`,
      [user.userId],
    );
    const accountId = (name: string) => String(rows.find((r) => r.name === name)!.id);

    // A first payment, with no settled payment before it: its code waits for the debit, which
    // settles two (one-minute) bank days later.
    expect((await pay(token, idOf('Hulu'), accountId('Checking'))).json()).toMatchObject({
      success: true,
    });
    await t.runQueuedJobs();
    const waiting = await giftCard(token, idOf('Hulu'), true);
    expect(waiting.giftCard!.cardNumber).toBeUndefined();
    expect(waiting.payment).toMatchObject({
      status: 'on-its-way',
      readyBy: new Date(now.getTime() + 2 * BANK_DAY_MS).toISOString(),
    });
    await bankDaysPass(token, 2);
    expect((await giftCard(token, idOf('Hulu'), true)).giftCard!.cardNumber).toMatch(/^6000/);

    // With one settled payment, the policy fronts the next card: its code shows at once...
    const netflix = idOf('Netflix');
    expect((await pay(token, netflix, accountId('NSF Checking'))).json()).toMatchObject({
      success: true,
      amount: 179.99,
    });
    await t.runQueuedJobs();
    const fronted = await giftCard(token, netflix, true);
    expect(fronted.payment!.status).toBe('ready');
    expect(fronted.giftCard!.cardNumber).toMatch(/^6000/);

    // ...and when the bank returns that debit, the card (its number out) stays the person's and
    // what it cost is owed, in the ledger.
    await bankDaysPass(token, 3);
    const owed = await giftCard(token, netflix);
    expect(owed.payment).toMatchObject({
      status: 'returned',
      returnCode: 'R01',
      amountOwed: 179.99,
    });
    const receivables = await t.database.executeSql(
      `select amount_cents, reason, return_code, paid_at, returned_at, settled_at, id
         from payment_receivables where user_id = $1`,
      [user.userId],
    );
    expect(receivables.rows).toHaveLength(1);
    const receivable = receivables.rows[0]!;
    expect(Number(receivable.amount_cents)).toBe(17999);
    expect(receivable).toMatchObject({ return_code: 'R01', settled_at: null });
    expect(String(receivable.reason)).toContain('R01');
    expect(new Date(receivable.returned_at as string).getTime()).toBe(now.getTime());
    expect(receivable.paid_at).not.toBeNull();

    // The offer opens the card's screen, which says what is owed.
    const offers = (
      await t.app.inject({
        method: 'GET',
        url: paymentRoutes.instantSavings.path,
        headers: bearer(token),
      })
    ).json() as InstantSavingsItem[];
    expect(offers.find((o) => o.subscription_id === netflix)?.has_assigned_gift_card).toBe(true);

    // The person is told what happened and what to do.
    const outbox = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as { body: string }[];
    const told = outbox.find((m) => m.body.includes('returned'));
    expect(told?.body).toContain('$179.99 is still owed');
    expect(told?.body).toContain('contact support');

    // No further payment until it is settled: a problem that says why, and nothing changes.
    const refused = await pay(token, idOf('Planet Fitness'), accountId('Checking'));
    expect(refused.statusCode).toBe(402);
    const problem = refused.json() as ProblemDetails;
    expect(problem).toMatchObject({ code: 'payment-owed' });
    expect(problem.detail).toContain('$179.99 is still owed');
    const paymentsOf = async () =>
      Number(
        (
          await t.database.executeSql(`select count(*) n from payments where user_id = $1`, [
            user.userId,
          ])
        ).rows[0]!.n,
      );
    expect(await paymentsOf()).toBe(2);

    // Once the operator records the money in, the person may pay again.
    expect(await t.modules.payments.service.settleReceivable(String(receivable.id))).toBe(true);
    expect((await giftCard(token, netflix)).payment!.amountOwed).toBe(0);
    const again = await pay(token, idOf('Planet Fitness'), accountId('Checking'));
    expect(again.json() as BankTransferResponse).toMatchObject({ success: true });
  });
});
