import {
  bankingRoutes,
  findMerchant,
  importRoutes,
  negotiationRoutes,
  paymentErrorMessages,
  paymentRoutes,
  sandboxRoutes,
  savingsRoutes,
  subscriptionRoutes,
  userRoutes,
  type BankTransferResponse,
  type GiftCardResponse,
  type ImportResult,
  type InstantSavingsItem,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { startFakeSimplefin, unixSeconds } from '../../../test/fakes/fake-simplefin';

const DAY = 24 * 3600_000;

/** Monthly bills: Hulu 18.99, NYT 25, Planet Fitness 25, Netflix 17.99, Spotify 11.99. */
function customUser(today: string, account: { name: string; balance: number }) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => dayFrom(today, -30 * month - offset);
    transactions.push(customTransaction(day(3), 'HULU 877-8244858 CA', 18.99));
    transactions.push(customTransaction(day(5), 'NYTIMES*NYTDIGITAL', 25));
    transactions.push(customTransaction(day(7), 'SQ *PLANET FITNESS', 25));
    transactions.push(customTransaction(day(9), 'NETFLIX.COM 866-579-7172 CA', 17.99));
    transactions.push(customTransaction(day(11), 'SPOTIFY USA 877-7781161 NY', 11.99));
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: account.balance,
      meta: { name: account.name, mask: '1111' },
      transactions,
    },
  ];
}

describe('annual plans Billow pays for, over HTTP with the sandbox ledger', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T12:00:00Z');
  const today = '2026-11-20';
  let phoneCounter = 100;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    // Stock for every plan but The New York Times' (its stock is the empty one).
    let n = 0;
    await t.modules.giftCards.service.load(
      ['Hulu', 'Planet Fitness', 'Netflix'].flatMap((serviceName) =>
        Array.from({ length: 8 }, () => ({
          serviceName,
          cardNumber: `4000${String(++n).padStart(12, '0')}`,
          cardValue: 100,
        })),
      ),
    );
  });
  afterAll(() => t.close());

  async function person(account = { name: 'Checking', balance: 5000 }) {
    const phone = `+1415666${String(phoneCounter++).padStart(4, '0')}`;
    const { token, user } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, { overrideAccounts: customUser(today, account) });
    return { token, phone, userId: user.userId };
  }
  const get = async <T>(token: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const post = async <T>(token: string, url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const subscriptionOf = async (token: string, name: string) => {
    const list = await get<Subscription[]>(token, subscriptionRoutes.listAll.path);
    const found = list.find((s) => s.merchant_name === name);
    expect(found, name).toBeDefined();
    return found!;
  };
  const pay = (token: string, subscriptionId: string, financialAccountId?: string) =>
    post<BankTransferResponse>(token, paymentRoutes.pay.path, {
      subscription_id: subscriptionId,
      ...(financialAccountId ? { financialAccountId } : {}),
    });
  const giftCard = (token: string, subscriptionId: string, includeFullCardNumber = false) =>
    post<GiftCardResponse>(token, paymentRoutes.giftCard.path, {
      subscriptionId,
      includeFullCardNumber,
    });
  const texts = async (phone: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as { body: string }[];
  const count = async (sql: string, values: unknown[] = []) =>
    Number((await t.database.executeSql(sql, values)).rows[0]!.n);

  it('offers the three biggest annual-plan savings, by the annual-plan savings formula', async () => {
    const { token } = await person();
    const items = await get<InstantSavingsItem[]>(token, paymentRoutes.instantSavings.path);
    expect(items.map((i) => i.service_name)).toEqual([
      'Hulu',
      'The New York Times',
      'Planet Fitness',
    ]);
    expect(items[0]).toMatchObject({
      current_price: 18.99,
      annual_plan_cost: 99.99,
      merchant_website_url: 'hulu.com',
      has_assigned_gift_card: false,
    });
    const offers = await get<
      {
        service_name: string;
        is_annual_conversion_eligible: boolean;
        is_pay_with_billow_eligible: boolean;
        annual_plan_cost: number | null;
      }[]
    >(token, negotiationRoutes.negotiable.path);
    const hulu = offers.find((o) => o.service_name === 'Hulu')!;
    expect(hulu).toMatchObject({
      is_annual_conversion_eligible: true,
      is_pay_with_billow_eligible: true,
      annual_plan_cost: 99.99,
    });
  });

  it('reads only the bills whose merchant may sell an annual plan, each with its monthly price', async () => {
    const { token, userId } = await person();
    const listed = await get<Subscription[]>(token, subscriptionRoutes.listAll.path);
    const active = listed.filter((s) => s.status === 'ACTIVE');
    const read = await t.modules.subscriptions.published.annualPlanBillsOf(userId);
    // Every bill an offer can come from, and none whose merchant sells no plan.
    const withPlan = (bill: { merchantName: string; merchantWebsite: string | null }) =>
      findMerchant(bill)?.annualPlanPrice !== undefined;
    expect(read.every(withPlan)).toBe(true);
    expect(read.map((bill) => bill.id).sort()).toEqual(
      active
        .filter((s) =>
          withPlan({
            merchantName: s.merchant_name,
            merchantWebsite: s.merchant_website_url ?? null,
          }),
        )
        .map((s) => s.id)
        .sort(),
    );
    expect(active.length).toBeGreaterThan(read.length);
    expect(read.find((bill) => bill.merchantName === 'Hulu')?.monthlyPrice).toBe(18.99);
  });

  it('pays once, funds the card, releases its code when the debit settles, and answers a second pay politely', async () => {
    const { token, phone } = await person();
    const hulu = await subscriptionOf(token, 'Hulu');
    const answer = await pay(token, hulu.id);
    expect(answer).toMatchObject({ success: true, amount: 99.99 });
    // Before the jobs run, there is no card yet.
    expect((await giftCard(token, hulu.id)).success).toBe(false);
    await t.runQueuedJobs();

    const masked = await giftCard(token, hulu.id);
    expect(masked.success).toBe(true);
    expect(masked.giftCard!.cardNumber).toBeUndefined();
    expect(masked.giftCard!.cardNumberMasked).toMatch(/\d{4}$/);
    expect(masked.subscription!.renewalDate).toBe('2027-11-20');
    // Until the debit settles (two bank days), the code stays with Billow: it is on its way.
    expect(masked.payment).toMatchObject({
      status: 'on-its-way',
      amount: 99.99,
      readyBy: '2026-11-22T12:00:00.000Z',
      amountOwed: 0,
    });
    const early = await giftCard(token, hulu.id, true);
    expect(early.giftCard!.cardNumber).toBeUndefined();
    expect(early.payment!.status).toBe('on-its-way');
    expect(
      await count(
        `select count(*) n from gift_cards where subscription_id = $1 and revealed_at is not null`,
        [hulu.id],
      ),
    ).toBe(0);
    const saved = now;
    now = new Date(now.getTime() + 2 * DAY);
    try {
      const synced = await t.app.inject({
        method: 'POST',
        url: '/api/dev/payments/sync-transfer-events',
        headers: bearer(token),
      });
      expect(synced.json()).toEqual({ synced: true });
    } finally {
      now = saved;
    }
    const full = await giftCard(token, hulu.id, true);
    expect(full.payment).toMatchObject({ status: 'ready', readyBy: null });
    expect(full.giftCard!.cardNumber).toMatch(/^4000\d{12}$/);
    expect(full.giftCard!.cardNumber!.slice(-4)).toBe(masked.giftCard!.cardNumberMasked.slice(-4));

    const after = await subscriptionOf(token, 'Hulu');
    expect(after).toMatchObject({ is_billow_managed: true, renewal_date: '2027-11-20' });
    const savings = await get<{ lifetime_savings: number }>(token, savingsRoutes.lifetime.path);
    expect(savings.lifetime_savings).toBe(Math.round(12 * 18.99 - 99.99));
    expect(
      await count(
        `select sum(amount_cents) n from reward_ledger where subscription_id = $1 and kind = 'earned'`,
        [hulu.id],
      ),
    ).toBe(Math.floor((9999 * t.config.rewards.annualPlanRatePercent) / 100));
    const offers = await get<
      {
        service_name: string;
        has_assigned_gift_card: boolean;
        is_annual_conversion_eligible: boolean;
      }[]
    >(token, negotiationRoutes.negotiable.path);
    expect(offers.find((o) => o.service_name === 'Hulu')).toMatchObject({
      has_assigned_gift_card: true,
      is_annual_conversion_eligible: false,
    });
    expect((await texts(phone)).some((m) => m.body.includes('Hulu annual plan is paid'))).toBe(
      true,
    );
    expect(
      (await texts(phone)).some(
        (m) => m.body.includes('bank settled') && m.body.includes('code is ready'),
      ),
    ).toBe(true);

    const again = await pay(token, hulu.id);
    expect(again).toMatchObject({
      success: false,
      error_type: 'already_paid',
      message: paymentErrorMessages.already_paid,
    });
    expect(
      await count(`select count(*) n from payments where subscription_id = $1`, [hulu.id]),
    ).toBe(1);
  });

  it('takes 50 concurrent pays as one debit and one card, and 49 polite refusals', async () => {
    const { token } = await person();
    const netflix = await subscriptionOf(token, 'Netflix');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: paymentRoutes.pay.path,
          headers: bearer(token),
          payload: { subscription_id: netflix.id },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    const bodies = answers.map((a) => a.json() as BankTransferResponse);
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    expect(bodies.filter((b) => !b.success && b.error_type === 'already_paid')).toHaveLength(49);
    await t.runQueuedJobs();
    const payment = (
      await t.database.executeSql(`select id from payments where subscription_id = $1`, [
        netflix.id,
      ])
    ).rows;
    expect(payment).toHaveLength(1);
    expect(
      await count(
        `select count(*) n from sandbox_bank.transfers t join payments p on p.provider_transfer_id = t.id where p.subscription_id = $1`,
        [netflix.id],
      ),
    ).toBe(1);
    expect(
      await count(
        `select count(*) n from gift_cards where subscription_id = $1 and status = 'assigned'`,
        [netflix.id],
      ),
    ).toBe(1);
  });

  it('runs each payment job twice without doing anything twice', async () => {
    const { token, phone } = await person();
    const pf = await subscriptionOf(token, 'Planet Fitness');
    const answer = await pay(token, pf.id);
    expect(answer.success).toBe(true);
    const paymentId = (answer as { transfer_id: string }).transfer_id;
    const payments = t.modules.payments.service;
    await payments.initiateAch(paymentId);
    await payments.initiateAch(paymentId);
    await payments.fundCard(paymentId);
    await payments.fundCard(paymentId);
    await t.runQueuedJobs();
    const state = async () =>
      (
        await t.database.executeSql(
          `select (select count(*) from sandbox_bank.transfers t join payments p on p.provider_transfer_id = t.id where p.id = $1)::int transfers,
                  (select count(*) from gift_cards where subscription_id = $2 and status = 'assigned')::int cards,
                  (select count(*) from savings_ledger where subscription_id = $2)::int savings,
                  (select count(*) from reward_ledger where subscription_id = $2)::int rewards,
                  (select status from payments where id = $1) status`,
          [paymentId, pf.id],
        )
      ).rows[0];
    expect(await state()).toMatchObject({
      transfers: 1,
      cards: 1,
      savings: 1,
      rewards: 1,
      status: 'funded',
    });

    // A year on, the monthly bill resumes, once.
    const saved = now;
    now = new Date('2027-11-20T09:00:00Z');
    await payments.processRenewal(paymentId);
    await payments.processRenewal(paymentId);
    now = saved;
    expect(await state()).toMatchObject({ status: 'renewed' });
    expect(
      (await texts(phone)).filter((m) => m.body.includes('annual plan ended today')),
    ).toHaveLength(1);
    expect(await subscriptionOf(token, 'Planet Fitness')).toMatchObject({
      is_billow_managed: false,
    });
  });

  it('answers each error type from real state', async () => {
    const { token } = await person();
    const other = await person();
    const otherHulu = await subscriptionOf(other.token, 'Hulu');
    const expectError = (answer: BankTransferResponse, type: string) =>
      expect(answer).toMatchObject({
        success: false,
        error_type: type,
        message: paymentErrorMessages[type as keyof typeof paymentErrorMessages],
      });
    // Someone else's subscription, and one that does not exist.
    expectError(await pay(token, otherHulu.id), 'subscription_not_found');
    expectError(await pay(token, crypto.randomUUID()), 'subscription_not_found');
    // Spotify sells no annual plan in Billow's catalogue.
    expectError(
      await pay(token, (await subscriptionOf(token, 'Spotify')).id),
      'annual_plan_not_available',
    );
    // No stock of The New York Times' cards.
    expectError(
      await pay(token, (await subscriptionOf(token, 'The New York Times')).id),
      'no_available_gift_cards',
    );
    // The bank wants the person to log in again.
    const accountId = (
      await t.database.executeSql(
        `select a.id from bank_accounts a join users u on u.id = a.user_id where u.phone_number = $1`,
        [other.phone],
      )
    ).rows[0]!.id as string;
    const reset = await t.app.inject({
      method: 'POST',
      url: sandboxRoutes.resetLogin.path,
      headers: bearer(other.token),
      payload: { financialAccountId: accountId },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.runQueuedJobs();
    expectError(await pay(other.token, otherHulu.id), 'account_data_missing');
    // The account removed: nothing to pay from.
    const removed = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.deleteFinancialAccount.path,
      headers: bearer(other.token),
      payload: { financialAccountId: accountId },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await pay(other.token, otherHulu.id), 'payment_account_not_found');
    // The same when the screen still names the account it chose before it was removed.
    expectError(await pay(other.token, otherHulu.id, accountId), 'payment_account_not_found');
    expectError(
      await pay(other.token, otherHulu.id, crypto.randomUUID()),
      'payment_account_not_found',
    );
  });

  it('never debits an account that comes through SimpleFIN Bridge, which is read-only', async () => {
    const bridge = await startFakeSimplefin();
    try {
      bridge.accounts = [
        {
          org: { name: 'First Federal', 'sfin-url': bridge.url },
          id: 'ACT-1',
          name: 'Checking',
          currency: 'USD',
          balance: '5000.00',
          'balance-date': unixSeconds(now),
          transactions: [],
        },
      ];
      const { token } = await person();
      const connected = await t.app.inject({
        method: 'POST',
        url: bankingRoutes.simplefinConnect.path,
        headers: bearer(token),
        payload: { setupToken: bridge.createSetupToken() },
      });
      const [bridged] = connected.json<{ linkedAccounts: { id: string }[] }>().linkedAccounts;
      // It cannot be the primary payment account either (docs/payments.md).
      const primary = await t.app.inject({
        method: 'POST',
        url: bankingRoutes.setPrimaryPaymentAccount.path,
        headers: bearer(token),
        payload: { financialAccountId: bridged!.id },
      });
      expect(primary.json()).toMatchObject({ code: 'account-cannot-pay' });
      const hulu = await subscriptionOf(token, 'Hulu');
      // Said plainly when the Bridge account is chosen on the screen.
      expect(await pay(token, hulu.id, bridged!.id)).toMatchObject({
        success: false,
        error_type: 'account_cannot_pay',
        message: paymentErrorMessages.account_cannot_pay,
      });
      expect(
        await count(`select count(*) n from payments where subscription_id = $1`, [hulu.id]),
      ).toBe(0);
    } finally {
      await bridge.close();
    }
  });

  it('never debits an account imported from a file, and says why', async () => {
    const { token } = await person();
    const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    const imported = await post<ImportResult>(token, importRoutes.commit.path, {
      fileName: 'checking.csv',
      fileText: `Posting Date,Description,Amount\n${usDate(dayFrom(today, -2))},"COFFEE",-4.50`,
    });
    const hulu = await subscriptionOf(token, 'Hulu');
    const cannotPay = {
      success: false,
      error_type: 'account_cannot_pay',
      message: paymentErrorMessages.account_cannot_pay,
    };
    expect(await pay(token, hulu.id, imported.importedAccountId)).toMatchObject(cannotPay);
    // Left to choose, Billow pays from the linked checking account, never the imported one.
    expect(await pay(token, hulu.id)).toMatchObject({ success: true });
    expect(
      await count(`select count(*) n from payments where account_id = $1`, [
        imported.importedAccountId,
      ]),
    ).toBe(0);
  });

  it('declines for insufficient funds and for risk, with nothing debited', async () => {
    const poor = await person({ name: 'Checking', balance: 50 });
    const hulu = await subscriptionOf(poor.token, 'Hulu');
    const answer = await pay(poor.token, hulu.id);
    expect(answer).toMatchObject({
      success: false,
      error_type: 'insufficient_funds',
      details: { payment_amount: 99.99 },
    });
    const risky = await person({ name: 'High Risk Checking', balance: 5000 });
    expect(await pay(risky.token, (await subscriptionOf(risky.token, 'Hulu')).id)).toMatchObject({
      success: false,
      error_type: 'insufficient_funds_risk',
    });
    // The declined cards went back to stock, and the person may try again later.
    expect(await count(`select count(*) n from gift_cards where status = 'reserved'`)).toBe(0);
    await t.runQueuedJobs();
    expect(
      await count(
        `select count(*) n from payments where subscription_id = $1 and status = 'declined'`,
        [hulu.id],
      ),
    ).toBe(1);
  });

  it('keeps a paid plan Billow-managed until its renewal when later detection runs see no monthly charges', async () => {
    const { token, userId } = await person();
    const hulu = await subscriptionOf(token, 'Hulu');
    expect((await pay(token, hulu.id)).success).toBe(true);
    await t.runQueuedJobs();
    const paid = await subscriptionOf(token, 'Hulu');
    expect(paid).toMatchObject({ is_billow_managed: true, renewal_date: '2027-11-20' });

    // Three months on, the bank shows no more monthly Hulu charges: detection alone would call
    // it cancelled. The plan Billow paid for is still running.
    const saved = now;
    now = new Date(now.getTime() + 90 * DAY);
    try {
      await t.modules.subscriptions.service.detectForUser(userId);
      await t.modules.subscriptions.service.detectForUser(userId);
      expect(await subscriptionOf(token, 'Hulu')).toMatchObject({
        id: hulu.id,
        status: 'ACTIVE',
        is_billow_managed: true,
        renewal_date: '2027-11-20',
        cancel_date: null,
      });
    } finally {
      now = saved;
    }
  });

  it('reminds of a paid plan’s end a month and a week before, once each, through the reminders', async () => {
    const { token, phone } = await person();
    const hulu = await subscriptionOf(token, 'Hulu');
    expect((await pay(token, hulu.id)).success).toBe(true);
    await t.runQueuedJobs();
    const ending = async () =>
      (await texts(phone)).filter((m) => m.body.includes('annual plan Billow paid for ends'));
    const scanOn = async (day: string) => {
      const saved = now;
      now = new Date(`${day}T17:00:00Z`);
      try {
        await t.jobs.queue.send('pending-events-scan', { batchSize: 100 });
        await t.runQueuedJobs();
      } finally {
        now = saved;
      }
    };
    await scanOn('2027-10-20');
    expect(await ending()).toHaveLength(0);
    await scanOn('2027-10-21');
    await scanOn('2027-10-21');
    expect((await ending()).map((m) => m.body)).toEqual([
      expect.stringContaining('Hulu annual plan Billow paid for ends in 30 days'),
    ]);
    await scanOn('2027-11-13');
    await scanOn('2027-11-13');
    expect(await ending()).toHaveLength(2);
    expect((await ending()).some((m) => m.body.includes('ends in 7 days'))).toBe(true);
  });

  it('on account deletion, puts a card still held for a payment back in stock and never re-issues a handed-out card', async () => {
    const deleteAccount = async (token: string) =>
      (
        await t.app.inject({
          method: userRoutes.deleteAccount.method,
          url: userRoutes.deleteAccount.path,
          headers: bearer(token),
        })
      ).json() as { success: boolean };
    // One person's payment went through; another's is still waiting for its debit.
    const paid = await person();
    const paidHulu = await subscriptionOf(paid.token, 'Hulu');
    expect((await pay(paid.token, paidHulu.id)).success).toBe(true);
    await t.runQueuedJobs();
    const handedOut = (await giftCard(paid.token, paidHulu.id)).giftCard!.id;
    const waiting = await person();
    const waitingHulu = await subscriptionOf(waiting.token, 'Hulu');
    expect((await pay(waiting.token, waitingHulu.id)).success).toBe(true);
    const held = String(
      (
        await t.database.executeSql(`select gift_card_id from payments where user_id = $1`, [
          waiting.userId,
        ])
      ).rows[0]!.gift_card_id,
    );
    const status = async (id: string) =>
      String(
        (await t.database.executeSql(`select status from gift_cards where id = $1`, [id])).rows[0]!
          .status,
      );
    expect(await status(held)).toBe('reserved');

    expect((await deleteAccount(waiting.token)).success).toBe(true);
    await t.runQueuedJobs();
    expect(await status(held)).toBe('available');

    expect((await deleteAccount(paid.token)).success).toBe(true);
    const { rows } = await t.database.executeSql(
      `select status, user_id, subscription_id from gift_cards where id = $1`,
      [handedOut],
    );
    expect(rows[0]).toEqual({ status: 'assigned', user_id: null, subscription_id: null });
  });

  it('puts the card back in stock, owes nothing, and tells the person when the bank returns the debit', async () => {
    const { token, phone } = await person({ name: 'NSF Checking', balance: 5000 });
    const hulu = await subscriptionOf(token, 'Hulu');
    const answer = await pay(token, hulu.id);
    expect(answer.success).toBe(true);
    await t.runQueuedJobs();
    const card = await giftCard(token, hulu.id);
    expect(card.success).toBe(true);
    // The debit never settles: the code is never shown.
    expect((await giftCard(token, hulu.id, true)).giftCard!.cardNumber).toBeUndefined();
    const before = await get<{ lifetime_savings: number }>(token, savingsRoutes.lifetime.path);
    expect(before.lifetime_savings).toBeGreaterThan(0);

    const saved = now;
    now = new Date(now.getTime() + 4 * DAY);
    await t.modules.payments.service.syncTransferEvents();
    await t.modules.payments.service.syncTransferEvents();
    await t.runQueuedJobs();
    now = saved;

    const after = await giftCard(token, hulu.id);
    expect(after.success).toBe(false);
    expect(after.payment).toMatchObject({ status: 'returned', returnCode: 'R01', amountOwed: 0 });
    const { rows } = await t.database.executeSql(
      `select status, user_id, subscription_id from gift_cards where id = $1`,
      [card.giftCard!.id],
    );
    expect(rows[0]).toEqual({ status: 'available', user_id: null, subscription_id: null });
    expect(await count(`select count(*) n from payment_receivables`)).toBe(0);
    expect(await subscriptionOf(token, 'Hulu')).toMatchObject({ is_billow_managed: false });
    expect(
      (await get<{ lifetime_savings: number }>(token, savingsRoutes.lifetime.path))
        .lifetime_savings,
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from reward_ledger where subscription_id = $1 and kind = 'reversed'`,
        [hulu.id],
      ),
    ).toBe(1);
    const returned = (await texts(phone)).filter((m) => m.body.includes('returned'));
    expect(returned).toHaveLength(1);
    expect(returned[0]!.body).toContain('R01');
    expect(returned[0]!.body).toContain('nothing is owed');
  });
});
