/**
 * Promised and verified savings (docs/savings.md): a negotiated saving counts, and earns its
 * reward, only once a charge at or below the new price posts at a bank the person linked; a
 * charge read from a file they imported proves nothing.
 */
import {
  negotiationRoutes,
  rewardRoutes,
  sandboxRoutes,
  savingsRoutes,
  userRoutes,
  type NegotiationOffer,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

function bills(today: string) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    transactions.push(
      customTransaction(dayFrom(today, -30 * month - 4), 'VERIZON WIRELESS PAYMENT', 75),
    );
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

describe('promised and verified savings', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T12:00:00Z');
  let phoneCounter = 100;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: {
        SIMULATED_CALL_STEP_MS: '0',
        CALL_RETRY_DELAY_SECONDS: '0',
        REWARD_RATE_NEGOTIATION_PERCENT: '10',
      },
    });
  });
  afterAll(() => t.close());

  const get = async <T>(token: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const verizon = async (token: string) =>
    (await get<NegotiationOffer[]>(token, negotiationRoutes.negotiable.path)).find(
      (o) => o.service_name === 'Verizon',
    )!;

  /** A person whose Verizon bill was negotiated down by the simulated agent. */
  async function negotiated() {
    now = new Date('2026-11-20T12:00:00Z');
    const { token, user } = await signIn(
      t.app,
      `+1415557${String(phoneCounter++).padStart(4, '0')}`,
    );
    await linkSandboxItem(t, token, { overrideAccounts: bills('2026-11-20') });
    const off = await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileSettings.path,
      headers: bearer(token),
      payload: { is_auto_apply_rewards_enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const offer = await verizon(token);
    const sent = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: offer.subscription_id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.runQueuedJobs();
    const done = await verizon(token);
    expect(done.status).toBe('SUCCESSFUL');
    expect(done.negotiated_price).not.toBeNull();
    return { token, userId: user.userId, offer: done };
  }

  /** A charge posted a month on, on the person's linked bank account or on an imported file. */
  async function postCharge(userId: string, amount: number, source: 'bank' | 'file') {
    let itemId: string;
    let accountId: string;
    if (source === 'bank') {
      const { rows } = await t.database.executeSql(
        `select i.id as item, a.id as account from bank_items i join bank_accounts a on a.item_id = i.id
          where i.user_id = '${userId}' and i.import_source is null limit 1`,
      );
      itemId = String(rows[0]!.item);
      accountId = String(rows[0]!.account);
    } else {
      const { rows: items } = await t.database.executeSql(
        `insert into bank_items (user_id, provider_item_id, access_token_encrypted, institution_name, import_source)
           values ('${userId}', 'import-${userId}', '', 'My file', 'my-file.csv') returning id`,
      );
      itemId = String(items[0]!.id);
      const { rows: accounts } = await t.database.executeSql(
        `insert into bank_accounts (user_id, item_id, provider_account_id, name, type)
           values ('${userId}', '${itemId}', 'file-account', 'My file', 'depository') returning id`,
      );
      accountId = String(accounts[0]!.id);
    }
    now = new Date('2026-12-20T12:00:00Z');
    await t.database.executeSql(
      `insert into bank_transactions (user_id, item_id, account_id, provider_transaction_id, amount_cents, date, name)
         values ('${userId}', '${itemId}', '${accountId}', 'later-${source}', ${Math.round(amount * 100)}, '2026-12-16', 'VERIZON WIRELESS PAYMENT')`,
    );
    await t.modules.subscriptions.service.detectForUser(userId);
    await t.runQueuedJobs();
  }

  const savingsOf = (token: string) =>
    get<{ lifetime_savings: number; promised_savings: number }>(token, savingsRoutes.lifetime.path);

  it('keeps a negotiated saving promised, earning nothing, until the bank shows the lower charge', async () => {
    const { token, userId, offer } = await negotiated();
    const saved = offer.successful_savings!;
    expect(await savingsOf(token)).toEqual({ lifetime_savings: 0, promised_savings: saved });
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(0);

    await postCharge(userId, offer.negotiated_price!, 'bank');
    expect(await savingsOf(token)).toEqual({ lifetime_savings: saved, promised_savings: 0 });
    const reward = Math.floor(saved * 100 * 0.1) / 100;
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(reward);

    // Another sync changes nothing: a saving is verified, and rewarded, once.
    await t.modules.subscriptions.service.detectForUser(userId);
    await t.runQueuedJobs();
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(reward);
  });

  it('keeps it promised while the bank still charges the old price', async () => {
    const { token, userId, offer } = await negotiated();
    await postCharge(userId, 75, 'bank');
    expect(await savingsOf(token)).toEqual({
      lifetime_savings: 0,
      promised_savings: offer.successful_savings,
    });
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(0);
  });

  /**
   * The default persona's Verizon bill (last charged on Nov 15 with this seed), negotiated on
   * Nov 20, and a charge at the new price made at the sandbox bank (Plaid's
   * /sandbox/transactions/create) and read by a sync.
   */
  async function personaWalk(charge: { transacted: string; posted: string }) {
    now = new Date('2026-11-20T12:00:00Z');
    const { token } = await signIn(t.app, `+1415557${String(phoneCounter++).padStart(4, '0')}`);
    await linkSandboxItem(t, token, { persona: 'default' }, { seed: 'verify-walk' });
    const offer = await verizon(token);
    const sent = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: offer.subscription_id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.runQueuedJobs();
    const done = await verizon(token);
    expect(done.status).toBe('SUCCESSFUL');
    const saved = done.successful_savings!;
    expect(await savingsOf(token)).toEqual({ lifetime_savings: 0, promised_savings: saved });

    const profile = await get<{ linkedAccounts: { id: string }[] }>(
      token,
      userRoutes.profileInfo.path,
    );
    const financialAccountId = profile.linkedAccounts[0]!.id;
    const post = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as unknown;
    };
    now = new Date(`${charge.transacted}T12:00:00Z`);
    expect(
      await post(sandboxRoutes.createTransactions.path, {
        financialAccountId,
        transactions: [
          {
            date_transacted: charge.transacted,
            date_posted: charge.posted,
            amount: done.negotiated_price,
            description: 'VZWRLSS*APOCC VISB',
          },
        ],
      }),
    ).toEqual({ transactions_created: 1 });
    const sync = async (on: string) => {
      now = new Date(`${on}T12:00:00Z`);
      await post(sandboxRoutes.fireWebhook.path, {
        financialAccountId,
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
      });
      await t.runQueuedJobs();
    };
    return { token, saved, sync };
  }

  it('verifies it when a sync reads the bill’s lower charge, posted, from the sandbox bank', async () => {
    const { token, saved, sync } = await personaWalk({
      transacted: '2026-11-20',
      posted: '2026-11-22',
    });
    // Pending at the bank: not shown yet.
    await sync('2026-11-20');
    expect(await savingsOf(token)).toEqual({ lifetime_savings: 0, promised_savings: saved });
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(0);

    // Two days on it has posted, and the next sync reads it.
    await sync('2026-11-22');
    expect(await savingsOf(token)).toEqual({ lifetime_savings: saved, promised_savings: 0 });
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(
      Math.floor(saved * 100 * 0.1) / 100,
    );
  });

  it('verifies it on the bill’s next date, beside a full-price charge the persona still makes', async () => {
    const { token, saved, sync } = await personaWalk({
      transacted: '2026-12-15',
      posted: '2026-12-15',
    });
    await sync('2026-12-15');
    expect(await savingsOf(token)).toEqual({ lifetime_savings: saved, promised_savings: 0 });
  });

  it('keeps it promised when a Verizon charge comes halfway between two bills (not the bill’s)', async () => {
    const { token, saved, sync } = await personaWalk({
      transacted: '2026-11-28',
      posted: '2026-11-28',
    });
    await sync('2026-11-28');
    expect(await savingsOf(token)).toEqual({ lifetime_savings: 0, promised_savings: saved });
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(0);
  });

  it('never verifies a saving from a charge in a file the person imported', async () => {
    const { token, userId, offer } = await negotiated();
    await postCharge(userId, offer.negotiated_price!, 'file');
    await t.modules.savings.service.verify(userId);
    expect(await savingsOf(token)).toEqual({
      lifetime_savings: 0,
      promised_savings: offer.successful_savings,
    });
    expect(await get<number>(token, rewardRoutes.lifetimeAccrued.path)).toBe(0);
  });
});
