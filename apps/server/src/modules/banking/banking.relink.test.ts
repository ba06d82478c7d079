/**
 * Linking the same bank login twice: Plaid's duplicate-item pattern. The
 * second item is recognised by its institution and its accounts (name, mask, type), refused
 * with a clear problem and removed at the bank, so no account is doubled and no bill is lost.
 */
import {
  bankingRoutes,
  sandboxRoutes,
  subscriptionRoutes,
  userRoutes,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

describe('linking the same bank login again', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const activeBills = async (token: string) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: subscriptionRoutes.listAll.path,
          headers: bearer(token),
        })
      ).json() as Subscription[]
    )
      .filter((s) => s.status === 'ACTIVE')
      .map((s) => s.merchant_name)
      .sort();
  const linkedAccounts = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      })
    ).json().linkedAccounts as { name: string }[];
  // The same login again: the same generated accounts and history (the sandbox bank seeds a
  // login's data by the person, bank and username).
  const publicToken = async (persona: string, seed: string) => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: sandboxRoutes.publicToken.path,
        payload: { persona },
      })
    ).json().public_token as string;
    await t.database.executeSql(
      `update sandbox_bank.public_tokens set spec = jsonb_set(spec, '{seed}', to_jsonb($1::text))
       where public_token = $2`,
      [seed, created],
    );
    return created;
  };

  it('refuses the second item, removes it at the bank, and keeps every account and bill', async () => {
    const { token } = await signIn(t.app, '+15555558301');
    await linkSandboxItem(t, token, { persona: 'family' }, { seed: 'relink' });
    const bills = await activeBills(token);
    const accounts = await linkedAccounts(token);
    expect(bills.length).toBeGreaterThan(5);

    const again = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.linkResult.path,
      headers: bearer(token),
      payload: { publicToken: await publicToken('family', 'relink') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'bank-already-linked',
      detail:
        'This bank login is already linked to Billow. Your accounts and bills stay as they are.',
    });
    await t.runQueuedJobs();

    expect(await linkedAccounts(token)).toEqual(accounts);
    expect(await activeBills(token)).toEqual(bills);
    const items = await t.database.executeSql('select count(*)::int as n from sandbox_bank.items');
    expect(items.rows[0]!.n).toBe(1);
  });

  it('still links another login at the same bank', async () => {
    const { token } = await signIn(t.app, '+15555558302');
    await linkSandboxItem(t, token, { persona: 'family' }, { seed: 'relink-2' });
    const before = (await linkedAccounts(token)).length;
    await linkSandboxItem(t, token, { persona: 'student' }, { seed: 'relink-3' });
    expect((await linkedAccounts(token)).length).toBeGreaterThan(before);
  });
});
