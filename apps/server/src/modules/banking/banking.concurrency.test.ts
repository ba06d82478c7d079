/**
 * Linking and syncing under real concurrency (meaningful on the PostgreSQL server, where requests
 * run at once; on PGlite they queue): 50 parallel link results, for distinct public tokens and
 * for one, and the same items synced by parallel jobs. Each item exists once; no account or
 * transaction is stored twice; no login is left at the bank.
 */
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxItems } from '../../providers/bank/sandbox/sandbox-bank.tables';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { bankItems } from './banking.tables';

const PARALLEL = 50;
const TRANSACTIONS_PER_ITEM = 4;

/** One login's accounts; each login's checking has its own mask, so none is a duplicate. */
function customUser(today: string, mask: string) {
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 700,
      meta: { name: 'Checking', mask },
      transactions: Array.from({ length: TRANSACTIONS_PER_ITEM }, (_, month) =>
        customTransaction(dayFrom(today, -30 * month - 5), 'DISNEY PLUS', 13.99),
      ),
    },
  ];
}

describe('bank linking under concurrency', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T15:00:00Z');
  const today = now.toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  let logins = 0;
  const publicToken = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: sandboxRoutes.publicToken.path,
        payload: { override_accounts: customUser(today, String(1000 + logins++)) },
      })
    ).json().public_token as string;
  // Each call from its own address, so the per-client rate limit is not what is tested.
  const linkResult = (token: string, publicTokenValue: string, client: number) =>
    t.app.inject({
      method: 'POST',
      url: bankingRoutes.linkResult.path,
      headers: bearer(token),
      remoteAddress: `10.0.${Math.floor(client / 250)}.${(client % 250) + 1}`,
      payload: { publicToken: publicTokenValue },
    });
  const countsOf = async (userId: string) => {
    const { rows } = await t.database.executeSql(
      `select
         (select count(*)::int from bank_items where user_id = $1) as items,
         (select count(distinct provider_item_id)::int from bank_items where user_id = $1) as distinct_items,
         (select count(*)::int from bank_accounts where user_id = $1) as accounts,
         (select count(*)::int from bank_transactions where user_id = $1) as transactions`,
      [userId],
    );
    return rows[0]!;
  };
  const orphanedAtBank = async () => {
    const held = new Set(
      (await t.database.db.select({ id: bankItems.providerItemId }).from(bankItems)).map(
        (row) => row.id,
      ),
    );
    const atBank = await t.database.db.select({ id: sandboxItems.itemId }).from(sandboxItems);
    return atBank.filter((row) => !held.has(row.id)).length;
  };
  const itemIdsOf = async (userId: string) =>
    (
      await t.database.executeSql('select id from bank_items where user_id = $1', [userId])
    ).rows.map((row) => String(row.id));

  it(`links ${PARALLEL} distinct public tokens at once, each item once, and syncs them in parallel without doubling`, async () => {
    const session = await signIn(t.app, '+15555558001');
    const tokens: string[] = [];
    for (let i = 0; i < PARALLEL; i++) tokens.push(await publicToken());

    const responses = await Promise.all(
      tokens.map((token, i) => linkResult(session.token, token, i)),
    );
    expect(responses.map((r) => r.json())).toEqual(tokens.map(() => ({ status: 'success' })));
    expect(await countsOf(session.user.userId)).toEqual({
      items: PARALLEL,
      distinct_items: PARALLEL,
      accounts: PARALLEL,
      transactions: 0,
    });

    // Every item synced by its queued job and, at the same time, twice more by other workers.
    const ids = await itemIdsOf(session.user.userId);
    await Promise.all([
      t.runQueuedJobs(),
      ...ids.map((id) => t.modules.banking.service.syncItem(id)),
      ...ids.map((id) => t.modules.banking.service.syncItem(id)),
    ]);
    await t.runQueuedJobs();
    expect(await countsOf(session.user.userId)).toEqual({
      items: PARALLEL,
      distinct_items: PARALLEL,
      accounts: PARALLEL,
      transactions: PARALLEL * TRANSACTIONS_PER_ITEM,
    });
    expect(await orphanedAtBank()).toBe(0);
  }, 120_000);

  it(`links one public token sent ${PARALLEL} times at once as one item`, async () => {
    const session = await signIn(t.app, '+15555558002');
    const token = await publicToken();

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => linkResult(session.token, token, 100 + i)),
    );
    // The first exchange wins; the others either find its link or are told to link again.
    for (const response of responses) {
      if (response.statusCode === 200) expect(response.json()).toEqual({ status: 'success' });
      else expect(response.json()).toMatchObject({ status: 400 });
    }
    expect(responses.some((r) => r.statusCode === 200)).toBe(true);
    await t.runQueuedJobs();
    expect(await countsOf(session.user.userId)).toEqual({
      items: 1,
      distinct_items: 1,
      accounts: 1,
      transactions: TRANSACTIONS_PER_ITEM,
    });
    expect(await orphanedAtBank()).toBe(0);
  });
});
