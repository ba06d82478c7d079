/**
 * Annual-plan savings come from the bank (docs/savings.md): the monthly price is the one a linked
 * bank charged, inside the merchant's plausible band; a hand-made file claiming a huge bill makes
 * no saving and no instant-savings offer.
 */
import { paymentRoutes, savingsRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

const today = '2026-11-20';

function hulu(amount: number) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    transactions.push(
      customTransaction(dayFrom(today, -30 * month - 3), 'HULU 877-8244858', amount),
    );
  }
  return transactions;
}

describe('annual-plan savings', () => {
  let t: TestApp;
  let phoneCounter = 300;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(`${today}T12:00:00Z`) });
  });
  afterAll(() => t.close());

  const person = async () => {
    const { token, user } = await signIn(
      t.app,
      `+1415558${String(phoneCounter++).padStart(4, '0')}`,
    );
    return { token, userId: user.userId };
  };
  const get = async <T>(token: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const huluOf = async (userId: string) => {
    const { rows } = await t.database.executeSql(
      `select id from subscriptions where user_id = '${userId}' and merchant_name = 'Hulu'`,
    );
    expect(rows).toHaveLength(1);
    return String(rows[0]!.id);
  };

  /** Hulu's charges as a hand-made file says them, imported (never a linked bank). */
  const importFile = async (userId: string, transactions: ReturnType<typeof hulu>) => {
    const { rows: items } = await t.database.executeSql(
      `insert into bank_items (user_id, provider_item_id, access_token_encrypted, institution_name, import_source)
         values ('${userId}', 'import-${userId}', '', 'My file', 'my-file.csv') returning id`,
    );
    const itemId = String(items[0]!.id);
    const { rows: accounts } = await t.database.executeSql(
      `insert into bank_accounts (user_id, item_id, provider_account_id, name, type)
         values ('${userId}', '${itemId}', 'file-account', 'My file', 'depository') returning id`,
    );
    const accountId = String(accounts[0]!.id);
    for (const [i, tx] of transactions.entries()) {
      await t.database.executeSql(
        `insert into bank_transactions (user_id, item_id, account_id, provider_transaction_id, amount_cents, date, name)
           values ('${userId}', '${itemId}', '${accountId}', 'file-${i}', ${Math.round(tx.amount * 100)}, '${tx.date_posted}', 'HULU 877-8244858')`,
      );
    }
    await t.modules.subscriptions.service.detectForUser(userId);
    await t.runQueuedJobs();
  };

  it('prices the saving from the linked bank, never above what the bank shows', async () => {
    const { token, userId } = await person();
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 3000,
          meta: { name: 'Checking', mask: '1111' },
          transactions: hulu(18.99),
        },
      ],
    });
    const saved = await t.modules.savings.service.recordAnnualPlan({
      userId,
      subscriptionId: await huluOf(userId),
      paymentId: 'p-bank',
      // What a payment priced from a wrong monthly figure would claim.
      claimedSavingsCents: 12 * 999_900 - 9_999,
      occurredAt: new Date(),
    });
    expect(saved).toBe(12_800);
    expect(await get(token, savingsRoutes.lifetime.path)).toEqual({
      lifetime_savings: 128,
      promised_savings: 0,
    });
  });

  it('makes no saving and no offer from a hand-imported file claiming $9,999 a month', async () => {
    const { token, userId } = await person();
    await importFile(userId, hulu(9_999));
    const subscriptionId = await huluOf(userId);

    expect(await get(token, paymentRoutes.instantSavings.path)).toEqual([]);
    const saved = await t.modules.savings.service.recordAnnualPlan({
      userId,
      subscriptionId,
      paymentId: 'p-file',
      claimedSavingsCents: 12 * 999_900 - 9_999,
      occurredAt: new Date(),
    });
    expect(saved).toBe(0);
    expect(await get(token, savingsRoutes.lifetime.path)).toEqual({
      lifetime_savings: 0,
      promised_savings: 0,
    });
  });

  it('offers no annual plan for a bill only a hand-imported file shows, however plausible', async () => {
    const { token, userId } = await person();
    // A bank to pay from, which never charged Hulu; a file that says Hulu costs $18.99.
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 3000,
          meta: { name: 'Checking', mask: '3333' },
          transactions: [],
        },
      ],
    });
    await importFile(userId, hulu(18.99));
    const subscriptionId = await huluOf(userId);

    expect(await get(token, paymentRoutes.instantSavings.path)).toEqual([]);
    const paid = await t.app.inject({
      method: 'POST',
      url: paymentRoutes.pay.path,
      headers: bearer(token),
      payload: { subscription_id: subscriptionId },
    });
    expect(paid.json()).toMatchObject({ error_type: 'annual_plan_not_available' });
  });

  it('prices an instant-savings offer from what the linked bank charges, not an imported file', async () => {
    const { token, userId } = await person();
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 3000,
          meta: { name: 'Checking', mask: '2222' },
          transactions: hulu(18.99),
        },
      ],
    });
    // A file says Hulu costs $34.99 (inside its band): only the bill the bank charges is offered,
    // at the bank's price.
    await importFile(
      userId,
      [0, 1].map((month) =>
        customTransaction(dayFrom(today, -30 * month - 1), 'HULU 877-8244858', 34.99),
      ),
    );

    const offers = await get<{ current_price: number; annual_plan_cost: number }[]>(
      token,
      paymentRoutes.instantSavings.path,
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ current_price: 18.99, annual_plan_cost: 99.99 });
  });
});
