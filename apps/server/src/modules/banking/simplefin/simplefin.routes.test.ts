/** SimpleFIN Bridge as a bank source, over HTTP on the real app and a local Bridge. */
import {
  bankingRoutes,
  PRIMARY_CANNOT_PAY_DETAIL,
  SIMPLEFIN_TOKEN_USED_DETAIL,
  subscriptionRoutes,
  userRoutes,
} from '@billow/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeSimplefin,
  unixSeconds,
  type FakeSimplefin,
  type FakeSimplefinAccount,
} from '../../../../test/fakes/fake-simplefin';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { bearer, signIn } from '../../../../test/sign-in';
import {
  SIMPLEFIN_DAILY_REQUESTS,
  SIMPLEFIN_OVERLAP_DAYS,
} from '../../../providers/bank/simplefin/bank-source.simplefin';
import { STALE_PENDING_DAYS } from '../banking.sync';

const DAY = 86_400_000;
const daysAgo = (days: number) => unixSeconds(new Date(Date.now() - days * DAY));

/** A checking account with four months of a monthly streaming charge, a paycheck and a card. */
function bridgeAccounts(): FakeSimplefinAccount[] {
  const org = {
    domain: 'firstfed.example',
    name: 'First Federal',
    'sfin-url': 'https://sfin.example',
  };
  return [
    {
      org,
      id: 'ACT-checking',
      name: 'Everyday Checking 4321',
      currency: 'USD',
      balance: '2500.10',
      'available-balance': '2400.00',
      'balance-date': daysAgo(0),
      transactions: [
        ...[3, 33, 63, 93].map((d) => ({
          id: `TRN-netflix-${d}`,
          posted: daysAgo(d),
          amount: '-15.49',
          description: 'NETFLIX.COM 866-579-7172 CA',
          payee: 'Netflix',
        })),
        { id: 'TRN-pay', posted: daysAgo(10), amount: '2500.00', description: 'ACME CORP PAYROLL' },
        {
          id: 'TRN-tj-pending',
          posted: 0,
          transacted_at: daysAgo(1),
          amount: '-42.10',
          description: 'TRADER JOE S #552',
          pending: true,
        },
      ],
    },
    {
      org: { domain: 'cardco.example', name: 'CardCo', 'sfin-url': 'https://sfin.example' },
      id: 'ACT-card',
      name: 'Rewards Credit Card',
      currency: 'USD',
      balance: '-120.00',
      'balance-date': daysAgo(0),
      transactions: [],
    },
  ];
}

describe('SimpleFIN Bridge', () => {
  let t: TestApp;
  let bridge: FakeSimplefin;
  let phone = 5555557000;
  beforeAll(async () => {
    bridge = await startFakeSimplefin();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await bridge.close();
  });
  beforeEach(() => {
    bridge.accounts = bridgeAccounts();
    bridge.errors = [];
  });

  const person = () => signIn(t.app, `+1${phone++}`);
  const connect = (token: string, setupToken: string) =>
    t.app.inject({
      method: 'POST',
      url: bankingRoutes.simplefinConnect.path,
      headers: bearer(token),
      payload: { setupToken },
    });
  const transactions = async (userId: string) =>
    (
      await t.database.executeSql(
        'select provider_transaction_id as id, amount_cents, pending from bank_transactions where user_id = $1 order by id',
        [userId],
      )
    ).rows.map((row) => ({
      id: String(row.id),
      amount_cents: Number(row.amount_cents),
      pending: Boolean(row.pending),
    }));
  const itemOf = async (userId: string) =>
    (
      await t.database.executeSql(
        'select id, access_token_encrypted from bank_items where user_id = $1',
        [userId],
      )
    ).rows.map((row) => ({
      id: String(row.id),
      access_token_encrypted: String(row.access_token_encrypted),
    }))[0]!;
  const profile = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      })
    ).json<{ is_plaid_update_mode_required: boolean; linkedAccounts: Record<string, unknown>[] }>();

  it('is offered, and connects a setup token into linked accounts with their transactions', async () => {
    const session = await person();
    const sources = await t.app.inject({
      method: 'GET',
      url: bankingRoutes.sources.path,
      headers: bearer(session.token),
    });
    expect(sources.json()).toEqual({ simplefin: { enabled: true } });

    const response = await connect(session.token, bridge.createSetupToken());
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; linkedAccounts: Record<string, unknown>[] }>();
    expect(body.status).toBe('success');
    expect(body.linkedAccounts).toEqual([
      expect.objectContaining({
        bankName: 'First Federal',
        bankWebsiteUrl: 'firstfed.example',
        lastFour: '4321',
        accountType: 'depository',
        source: 'simplefin',
        attention: null,
        active: true,
      }),
      expect.objectContaining({ bankName: 'CardCo', accountType: 'credit', source: 'simplefin' }),
    ]);
    // The balances, then one request for transactions: ninety days back, pending included.
    const [balances, request, ...more] = bridge.connections().at(-1)!.requests;
    expect(balances!.isBalancesOnly).toBe(true);
    expect(more).toEqual([]);
    expect(request!.pending).toBe(true);
    expect(Math.round((Date.now() / 1000 - request!.start!) / 86_400)).toBe(90);

    // Money out is positive in Billow; the pending purchase is kept as pending.
    const rows = await transactions(session.user.userId);
    expect(rows).toContainEqual({
      id: 'simplefin:ACT-checking:TRN-pay',
      amount_cents: -250000,
      pending: false,
    });
    expect(rows).toContainEqual({
      id: 'simplefin:ACT-checking:TRN-tj-pending',
      amount_cents: 4210,
      pending: true,
    });
    // The fourth Netflix charge is older than the window asked for.
    expect(rows.filter((r) => r.id.includes('netflix'))).toHaveLength(3);

    // The Access URL is stored only encrypted, never logged and never answered.
    const item = await itemOf(session.user.userId);
    const credentials = bridge.connections().at(-1)!;
    expect(item.access_token_encrypted).not.toContain(credentials.password);
    expect(JSON.stringify(t.logs)).not.toContain(credentials.password);
    expect(response.body).not.toContain(credentials.password);

    // The loading screen's status ends, and detection finds the monthly charge.
    await t.runQueuedJobs();
    const status = await t.app.inject({
      method: 'GET',
      url: bankingRoutes.transactionLoadStatus.path,
      headers: bearer(session.token),
    });
    expect(status.json()).toMatchObject({ isAccountLinked: true, transactionsLoaded: true });
    const subscriptions = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(session.token),
    });
    expect(
      subscriptions.json<{ merchant_name: string }[]>().map((s) => s.merchant_name),
    ).toContainEqual(expect.stringMatching(/netflix/i));
  });

  it('recognises the same accounts arriving through a second connection, and counts them once', async () => {
    const session = await person();
    await connect(session.token, bridge.createSetupToken());
    await t.runQueuedJobs();
    const second = await connect(session.token, bridge.createSetupToken());
    expect(second.statusCode).toBe(200);
    await t.runQueuedJobs();
    const rows = await transactions(session.user.userId);
    expect(rows.filter((r) => r.id.includes('netflix'))).toHaveLength(3);
    expect(rows.filter((r) => r.id.includes('TRN-pay'))).toHaveLength(1);
    const subscriptions = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(session.token),
    });
    const netflix = subscriptions
      .json<{ merchant_name: string; amount: number }[]>()
      .filter((s) => /netflix/i.test(s.merchant_name));
    expect(netflix).toHaveLength(1);
    expect(netflix[0]!.amount).toBeCloseTo(15.49);
    // The second connection's later syncs add nothing either.
    const [, secondItem] = (
      await t.database.executeSql(
        'select id from bank_items where user_id = $1 order by created_at',
        [session.user.userId],
      )
    ).rows.map((row) => String(row.id));
    await t.modules.banking.service.syncItem(secondItem!);
    expect(await transactions(session.user.userId)).toEqual(rows);
  });

  it('refuses a token that is not one, a token used already, and a Bridge that cannot be reached', async () => {
    const session = await person();
    const malformed = await connect(session.token, 'not a token!');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ code: 'setup-token-invalid' });

    const empty = await connect(session.token, '   ');
    expect(empty.statusCode).toBe(400);

    // A plain-http claim URL anywhere but this machine is never called.
    const remote = await connect(
      session.token,
      Buffer.from('http://bridge.example/claim/x').toString('base64'),
    );
    expect(remote.json()).toMatchObject({ code: 'setup-token-invalid' });

    const token = bridge.createSetupToken();
    expect((await connect(session.token, token)).statusCode).toBe(200);
    const reused = await connect(session.token, token);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      code: 'setup-token-used',
      detail: SIMPLEFIN_TOKEN_USED_DETAIL,
    });

    const down = await startFakeSimplefin();
    const unreachable = down.createSetupToken();
    await down.close();
    const answer = await connect(session.token, unreachable);
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({ code: 'bridge-unavailable' });
  });

  it('replaces a pending transaction by its posted form, and overlapping syncs import nothing twice', async () => {
    const session = await person();
    await connect(session.token, bridge.createSetupToken());
    const { id: itemId } = await itemOf(session.user.userId);
    const checking = bridge.accounts[0]!;
    // The purchase posts under its own id; the pending one disappears from the Bridge.
    checking.transactions = checking.transactions.filter((x) => x.id !== 'TRN-tj-pending');
    checking.transactions.push({
      id: 'TRN-tj',
      posted: daysAgo(0),
      transacted_at: daysAgo(1),
      amount: '-42.10',
      description: 'TRADER JOE S #552',
    });
    await t.modules.banking.service.syncItem(itemId);
    await t.modules.banking.service.syncItem(itemId);

    const rows = await transactions(session.user.userId);
    expect(rows.filter((r) => r.id.includes('TRN-tj'))).toEqual([
      { id: 'simplefin:ACT-checking:TRN-tj', amount_cents: 4210, pending: false },
    ]);
    expect(rows.filter((r) => r.id.includes('netflix'))).toHaveLength(3);
    expect(rows).toHaveLength(5);
    // The later syncs ask from a few days before the last one, not ninety days back.
    const later = bridge.connections().at(-1)!.requests.at(-1)!;
    expect(Math.round((Date.now() / 1000 - later.start!) / 86_400)).toBe(5);
  });

  it('drops a pending transaction that fell out of the window and never posted, once it is stale', async () => {
    const session = await person();
    const checking = bridge.accounts[0]!;
    const pendingAt = (id: string, days: number) => ({
      id,
      posted: 0,
      transacted_at: daysAgo(days),
      amount: '-80.00',
      description: `HOTEL HOLD ${id}`,
      pending: true,
    });
    checking.transactions.push(
      pendingAt('TRN-hold-old', STALE_PENDING_DAYS + 1),
      pendingAt('TRN-hold-recent', SIMPLEFIN_OVERLAP_DAYS + 2),
    );
    await connect(session.token, bridge.createSetupToken());
    const { id: itemId } = await itemOf(session.user.userId);
    const holds = async () =>
      (await transactions(session.user.userId))
        .filter((r) => r.id.includes('hold'))
        .map((r) => r.id);
    expect(await holds()).toHaveLength(2);
    // The later window starts a few days back: neither is listed again, and neither posts.
    await t.modules.banking.service.syncItem(itemId);
    expect(await holds()).toEqual(['simplefin:ACT-checking:TRN-hold-recent']);
  });

  it('shows the Bridge’s errors on the accounts and asks for attention until they clear', async () => {
    const session = await person();
    await connect(session.token, bridge.createSetupToken());
    const { id: itemId } = await itemOf(session.user.userId);
    bridge.errors = ['Connection to First Federal may need attention: please log in again.'];
    await t.modules.banking.service.syncItem(itemId);

    let info = await profile(session.token);
    expect(info.is_plaid_update_mode_required).toBe(true);
    expect(info.linkedAccounts[0]).toMatchObject({
      attention: 'Connection to First Federal may need attention: please log in again.',
      active: false,
    });
    // Linking through Plaid Link never tries to "repair" a SimpleFIN connection.
    const link = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.link.path,
      headers: bearer(session.token),
    });
    expect(link.statusCode).toBe(200);

    // Still synced daily, and the attention clears when the Bridge stops reporting it.
    await t.modules.banking.service.enqueueDailySync();
    bridge.errors = [];
    await t.runQueuedJobs(['bank-transaction-sync']);
    info = await profile(session.token);
    expect(info.is_plaid_update_mode_required).toBe(false);
    expect(info.linkedAccounts[0]).toMatchObject({ attention: null, active: true });
  });

  it('asks the Bridge at most 24 times a day per connection, and never in a loop', async () => {
    const session = await person();
    await connect(session.token, bridge.createSetupToken());
    const { id: itemId } = await itemOf(session.user.userId);
    for (let i = 0; i < SIMPLEFIN_DAILY_REQUESTS + 5; i++)
      await t.modules.banking.service.syncItem(itemId);
    expect(bridge.connections().at(-1)!.requests).toHaveLength(SIMPLEFIN_DAILY_REQUESTS);
  });

  it('forgets the Access URL when the accounts are removed, and keeps them from everyone else', async () => {
    const session = await person();
    const other = await person();
    const { linkedAccounts } = (await connect(session.token, bridge.createSetupToken())).json<{
      linkedAccounts: { id: string }[];
    }>();
    expect((await profile(other.token)).linkedAccounts).toEqual([]);
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.deleteFinancialAccount.path,
      headers: bearer(other.token),
      payload: { financialAccountId: linkedAccounts[0]!.id },
    });
    expect(notTheirs.statusCode).toBe(404);

    const primary = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.setPrimaryPaymentAccount.path,
      headers: bearer(session.token),
      payload: { financialAccountId: linkedAccounts[0]!.id },
    });
    // The Bridge is read-only: its accounts never pay, so none can be the primary one.
    expect(primary.statusCode).toBe(400);
    expect(primary.json()).toMatchObject({
      code: 'account-cannot-pay',
      detail: PRIMARY_CANNOT_PAY_DETAIL,
    });

    for (const account of linkedAccounts) {
      const removed = await t.app.inject({
        method: 'POST',
        url: bankingRoutes.deleteFinancialAccount.path,
        headers: bearer(session.token),
        payload: { financialAccountId: account.id },
      });
      expect(removed.statusCode).toBe(200);
    }
    const { rows } = await t.database.executeSql('select 1 from bank_items where user_id = $1', [
      session.user.userId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('forgets the Access URL when the person deletes their account', async () => {
    const session = await person();
    await connect(session.token, bridge.createSetupToken());
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: userRoutes.deleteAccount.path,
      headers: bearer(session.token),
    });
    expect(deleted.statusCode).toBe(200);
    const { rows } = await t.database.executeSql('select 1 from bank_items where user_id = $1', [
      session.user.userId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('marks a connection whose access the person withdrew at the Bridge', async () => {
    const session = await person();
    await connect(session.token, bridge.createSetupToken());
    const { id: itemId } = await itemOf(session.user.userId);
    bridge.connections().at(-1)!.isRevoked = true;
    await t.modules.banking.service.syncItem(itemId);
    const info = await profile(session.token);
    expect(info.linkedAccounts[0]).toMatchObject({
      active: false,
      attention: expect.stringContaining('no longer gives Billow access'),
    });
  });
});

describe('SimpleFIN Bridge switched off', () => {
  it('is not offered, and refuses a connect', async () => {
    const t = await createTestApp({ env: { SIMPLEFIN_ENABLED: 'false' } });
    try {
      const session = await signIn(t.app, '+15555557999');
      const sources = await t.app.inject({
        method: 'GET',
        url: bankingRoutes.sources.path,
        headers: bearer(session.token),
      });
      expect(sources.json()).toEqual({ simplefin: { enabled: false } });
      const response = await t.app.inject({
        method: 'POST',
        url: bankingRoutes.simplefinConnect.path,
        headers: bearer(session.token),
        payload: { setupToken: 'aGVsbG8=' },
      });
      expect(response.json()).toMatchObject({ code: 'simplefin-disabled' });
    } finally {
      await t.close();
    }
  });
});
