/**
 * A free trial still running shows as a trial whatever it was charged to start: $1, or
 * nothing at all ($0 card checks at sign-up are how many trials start).
 */
import { subscriptionRoutes, type Subscription } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

const checkingWith = (transactions: unknown[]) => [
  {
    type: 'depository',
    subtype: 'checking',
    starting_balance: 3000,
    meta: { name: 'Checking', mask: '1111' },
    transactions,
  },
];

describe('free trials still running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-11-26T12:00:00Z') });
  });
  afterAll(() => t.close());

  async function subscriptionsOf(phone: string, transactions: unknown[]) {
    const session = await signIn(t.app, phone);
    await linkSandboxItem(t, session.token, { overrideAccounts: checkingWith(transactions) });
    const response = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(session.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Subscription[];
  }

  it('shows a trial that started at $0 as a trial', async () => {
    const list = await subscriptionsOf('+15555557101', [
      customTransaction('2026-11-06', 'HULU 877-8244858 CA', 0),
    ]);
    expect(list.find((s) => s.merchant_name === 'Hulu')).toMatchObject({
      status: 'FREE_TRIAL',
      renewal_date: expect.any(String),
    });
  });

  it('shows a trial that started at $1 as a trial', async () => {
    const list = await subscriptionsOf('+15555557102', [
      customTransaction('2026-11-06', 'HULU 877-8244858 CA', 1),
    ]);
    expect(list.find((s) => s.merchant_name === 'Hulu')).toMatchObject({ status: 'FREE_TRIAL' });
  });
});
