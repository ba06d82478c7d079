import {
  bankingRoutes,
  sandboxRoutes,
  TRANSACTION_STATUS_MAX_WAIT_MS,
  userRoutes,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

/** A Plaid custom user: a checking account with a monthly Netflix charge, a paycheck and a card. */
function customUser(today: string) {
  const day = (offset: number) => dayFrom(today, offset);
  const transactions = [0, 1, 2, 3, 4, 5].map((month) =>
    customTransaction(
      day(-30 * month - 2),
      'NETFLIX.COM 866-579-7172 CA',
      15.49,
      day(-30 * month - 1),
    ),
  );
  transactions.push(customTransaction(day(-10), 'ACME CORP PAYROLL', -2500));
  // Authorised yesterday, posts tomorrow: pending on the first sync.
  transactions.push(customTransaction(day(-1), 'TRADER JOE S #552', 42.1, day(1)));
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 5000,
      meta: { name: 'Everyday Checking', mask: '4321' },
      transactions,
    },
    {
      type: 'credit',
      subtype: 'credit card',
      starting_balance: 0,
      meta: { name: 'Rewards Card', mask: '9876' },
      transactions: [],
    },
  ];
}

describe('bank linking with the sandbox bank', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T15:00:00Z');
  const today = () => now.toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const linkCustomUser = (token: string, options: { sync?: boolean } = {}) =>
    linkSandboxItem(t, token, { overrideAccounts: customUser(today()) }, options);

  const transactions = async (userId: string) =>
    (
      await t.database.executeSql(
        'select provider_transaction_id as id, amount_cents, pending, date from bank_transactions where user_id = $1 order by date, id',
        [userId],
      )
    ).rows;

  it('links, syncs in a background job, and reports when transactions are loaded', async () => {
    const session = await signIn(t.app, '+15555554001');
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: bankingRoutes.transactionLoadStatus.path,
        headers: bearer(session.token),
      });
    expect((await status()).json()).toMatchObject({
      transactionsLoaded: false,
      isAccountLinked: false,
    });

    const link = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.link.path,
      headers: bearer(session.token),
    });
    expect(link.json()).toEqual({
      linkToken: expect.stringMatching(/^link-sandbox-/),
      linkProvider: 'sandbox',
    });

    await linkCustomUser(session.token, { sync: false });
    expect((await status()).json()).toMatchObject({
      transactionsLoaded: false,
      isAccountLinked: true,
      lastSyncedAt: null,
    });
    expect(await t.runQueuedJobs()).toContain('bank-transaction-sync');
    expect((await status()).json()).toEqual({
      transactionsLoaded: true,
      isAccountLinked: true,
      lastSyncedAt: now.toISOString(),
    });

    const rows = await transactions(session.user.userId);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.pending)).toHaveLength(1);
    expect(rows.find((r) => Number(r.amount_cents) === -250000)).toBeTruthy();

    const profile = await t.app.inject({
      method: 'GET',
      url: userRoutes.profileInfo.path,
      headers: bearer(session.token),
    });
    expect(profile.json().linkedAccounts).toEqual([
      expect.objectContaining({
        bankName: expect.any(String),
        lastFour: '4321',
        accountType: 'depository',
        accountSubType: 'checking',
        active: true,
        is_primary_payment_account: false,
        // What the bank says is available, for choosing the account that pays; none for a card.
        availableBalance: expect.any(Number),
      }),
      expect.objectContaining({
        lastFour: '9876',
        accountType: 'credit',
        accountSubType: 'credit card',
        availableBalance: null,
      }),
    ]);
  });

  it('holds a status check asking to wait until the transactions are loaded, and no longer', async () => {
    const session = await signIn(t.app, '+15555554092');
    const heldStatus = () =>
      t.app.inject({
        method: 'GET',
        url: `${bankingRoutes.transactionLoadStatus.path}?waitMs=${TRANSACTION_STATUS_MAX_WAIT_MS}`,
        headers: bearer(session.token),
      });
    // Nothing linked: nothing to wait for.
    expect((await heldStatus()).json()).toMatchObject({ isAccountLinked: false });

    await linkCustomUser(session.token, { sync: false });
    // `then` sends it now (an injected request waits to be awaited), before the sync runs.
    const held = heldStatus().then((answer) => answer.json());
    // Time for its first look, which finds nothing loaded yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.runQueuedJobs()).toContain('bank-transaction-sync');
    // The check asked before the sync ran answers with its outcome, not the state it found.
    expect(await held).toEqual({
      transactionsLoaded: true,
      isAccountLinked: true,
      lastSyncedAt: now.toISOString(),
    });
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `${bankingRoutes.transactionLoadStatus.path}?waitMs=${TRANSACTION_STATUS_MAX_WAIT_MS + 1}`,
      headers: bearer(session.token),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('imports nothing twice when a sync or a webhook is replayed, and moves pending to posted', async () => {
    const session = await signIn(t.app, '+15555554002');
    await linkCustomUser(session.token);
    const before = await transactions(session.user.userId);
    const [item] = (
      await t.database.executeSql(
        'select id, provider_item_id from bank_items where user_id = $1',
        [session.user.userId],
      )
    ).rows;

    // Replay the whole history from the first cursor, and a webhook twice.
    await t.database.executeSql('update bank_items set cursor = null where id = $1', [item!.id]);
    await t.modules.banking.service.syncItem(String(item!.id));
    await t.modules.banking.service.handleWebhook({
      kind: 'sync-updates-available',
      itemId: String(item!.provider_item_id),
    });
    await t.modules.banking.service.handleWebhook({
      kind: 'sync-updates-available',
      itemId: String(item!.provider_item_id),
    });
    await t.runQueuedJobs();
    expect(await transactions(session.user.userId)).toEqual(before);

    // Two days later the pending charge has posted: the pending row is gone, the posted one is new.
    now = new Date(now.getTime() + 2 * 86_400_000);
    await t.modules.banking.service.syncItem(String(item!.id));
    const after = await transactions(session.user.userId);
    expect(after).toHaveLength(before.length);
    expect(after.filter((r) => r.pending)).toHaveLength(0);
    const pendingId = before.find((r) => r.pending)!.id as string;
    expect(after.map((r) => r.id)).not.toContain(pendingId);
    expect(after.map((r) => r.id)).toContain(pendingId.replace(/-pending$/, ''));
  });

  it('keeps bank access tokens encrypted at rest', async () => {
    const { rows } = await t.database.executeSql('select access_token_encrypted from bank_items');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(String(row.access_token_encrypted)).toMatch(/^v1\./);
      expect(String(row.access_token_encrypted)).not.toContain('access-sandbox');
    }
  });

  it('makes only an active depository account primary, one at a time, and only your own', async () => {
    const alice = await signIn(t.app, '+15555554003');
    const bob = await signIn(t.app, '+15555554004');
    await linkCustomUser(alice.token);
    const accounts = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(alice.token),
      })
    ).json().linkedAccounts;
    const checking = accounts.find((a: { accountType: string }) => a.accountType === 'depository');
    const card = accounts.find((a: { accountType: string }) => a.accountType === 'credit');
    const setPrimary = (token: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: bankingRoutes.setPrimaryPaymentAccount.path,
        headers: bearer(token),
        payload: { financialAccountId: id },
      });

    expect((await setPrimary(alice.token, card.id)).statusCode).toBe(400);
    expect((await setPrimary(bob.token, checking.id)).statusCode).toBe(404);
    expect((await setPrimary(alice.token, checking.id)).json()).toEqual({ success: true });
    const after = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(alice.token),
      })
    ).json().linkedAccounts;
    expect(
      after
        .filter((a: { is_primary_payment_account: boolean }) => a.is_primary_payment_account)
        .map((a: { id: string }) => a.id),
    ).toEqual([checking.id]);

    const remove = (token: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: bankingRoutes.deleteFinancialAccount.path,
        headers: bearer(token),
        payload: { financialAccountId: id },
      });
    expect((await remove(bob.token, card.id)).statusCode).toBe(404);
  });

  it('removes an account with its transactions, and the item with its last account, at the bank too', async () => {
    const session = await signIn(t.app, '+15555554005');
    await linkCustomUser(session.token);
    const accounts = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(session.token),
      })
    ).json().linkedAccounts;
    const sandboxItemsBefore = Number(
      (await t.database.executeSql('select count(*)::int as n from sandbox_bank.items')).rows[0]!.n,
    );
    for (const account of accounts) {
      const response = await t.app.inject({
        method: 'POST',
        url: bankingRoutes.deleteFinancialAccount.path,
        headers: bearer(session.token),
        payload: { financialAccountId: account.id },
      });
      expect(response.json()).toEqual({ success: true });
    }
    expect(await transactions(session.user.userId)).toEqual([]);
    expect(
      (
        await t.database.executeSql(
          'select count(*)::int as n from bank_items where user_id = $1',
          [session.user.userId],
        )
      ).rows[0]!.n,
    ).toBe(0);
    expect(
      Number(
        (await t.database.executeSql('select count(*)::int as n from sandbox_bank.items')).rows[0]!
          .n,
      ),
    ).toBe(sandboxItemsBefore - 1);
  });

  it('asks for an update when the bank needs a new login, and repairs the same item', async () => {
    const session = await signIn(t.app, '+15555554006');
    await linkCustomUser(session.token);
    const [account] = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(session.token),
      })
    ).json().linkedAccounts;
    const reset = await t.app.inject({
      method: 'POST',
      url: sandboxRoutes.resetLogin.path,
      headers: bearer(session.token),
      payload: { financialAccountId: account.id },
    });
    expect(reset.json()).toEqual({ reset_login: true });
    const profile = await t.app.inject({
      method: 'GET',
      url: userRoutes.profileInfo.path,
      headers: bearer(session.token),
    });
    expect(profile.json().is_plaid_update_mode_required).toBe(true);

    // The next link token is for update mode; logging in again repairs the item.
    const { linkToken } = (
      await t.app.inject({
        method: 'POST',
        url: bankingRoutes.link.path,
        headers: bearer(session.token),
      })
    ).json();
    const login = {
      link_token: linkToken,
      institution_id: 'ins_sbx_wells_fargo',
      username: 'user_good',
      password: 'pass_good',
    };
    const completed = await t.app.inject({
      method: 'POST',
      url: sandboxRoutes.complete.path,
      payload: { ...login, account_keys: ['checking'] },
    });
    expect(completed.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: bankingRoutes.linkResult.path,
      headers: bearer(session.token),
      payload: { publicToken: completed.json().public_token },
    });
    await t.runQueuedJobs();
    const repaired = await t.app.inject({
      method: 'GET',
      url: userRoutes.profileInfo.path,
      headers: bearer(session.token),
    });
    expect(repaired.json().is_plaid_update_mode_required).toBe(false);
    expect(
      (
        await t.database.executeSql(
          'select count(*)::int as n from bank_items where user_id = $1',
          [session.user.userId],
        )
      ).rows[0]!.n,
    ).toBe(1);
  });

  it('syncs again when the sandbox bank fires SYNC_UPDATES_AVAILABLE, for the owner only', async () => {
    const owner = await signIn(t.app, '+15555554007');
    const stranger = await signIn(t.app, '+15555554008');
    await linkCustomUser(owner.token);
    const [account] = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(owner.token),
      })
    ).json().linkedAccounts;
    const fire = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: sandboxRoutes.fireWebhook.path,
        headers: bearer(token),
        payload: { financialAccountId: account.id, webhook_code: 'SYNC_UPDATES_AVAILABLE' },
      });
    expect((await fire(stranger.token)).statusCode).toBe(404);
    expect((await fire(owner.token)).json()).toEqual({ webhook_fired: true });
    expect(await t.runQueuedJobs()).toEqual([
      'bank-transaction-sync',
      'subscriptions-detect',
      'negotiations-refresh-offers',
      'cancellations-verify-person',
      'rewards-auto-apply',
      'savings-verify',
    ]);
  });
  it('reads a transaction made at the sandbox bank on a day already synced, once, for the owner only', async () => {
    const owner = await signIn(t.app, '+15555554009');
    const stranger = await signIn(t.app, '+15555554010');
    await linkCustomUser(owner.token);
    const [account] = (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(owner.token),
      })
    ).json().linkedAccounts;
    const create = (token: string, made: { date_transacted: string; date_posted: string }) =>
      t.app.inject({
        method: 'POST',
        url: sandboxRoutes.createTransactions.path,
        headers: bearer(token),
        payload: {
          financialAccountId: account.id,
          transactions: [{ ...made, amount: 7.5, description: 'CORNER CAFE' }],
        },
      });
    const fire = () =>
      t.app.inject({
        method: 'POST',
        url: sandboxRoutes.fireWebhook.path,
        headers: bearer(owner.token),
        payload: { financialAccountId: account.id, webhook_code: 'SYNC_UPDATES_AVAILABLE' },
      });
    const cafe = async () =>
      (await transactions(owner.user.userId)).filter((row) => Number(row.amount_cents) === 750);

    const on = { date_transacted: today(), date_posted: today() };
    expect((await create(stranger.token, on)).statusCode).toBe(404);
    const backwards = await create(owner.token, {
      date_transacted: today(),
      date_posted: '2026-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('INVALID_FIELD');
    expect((await create(owner.token, on)).json()).toEqual({ transactions_created: 1 });

    await fire();
    await t.runQueuedJobs();
    expect(await cafe()).toMatchObject([{ pending: false }]);
    await fire();
    await t.runQueuedJobs();
    expect(await cafe()).toHaveLength(1);
  });
});
