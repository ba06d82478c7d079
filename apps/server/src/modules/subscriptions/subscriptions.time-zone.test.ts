/**
 * Days until a bill count from the person's own today, in the time zone of their profile, not
 * the server's UTC: late evening in Los Angeles is already tomorrow in UTC, and
 * morning in Auckland is still yesterday there.
 */
import {
  insightRoutes,
  subscriptionRoutes,
  userRoutes,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

/** Netflix on the 27th of every month from May to October 2026: next due 2026-11-27. */
const netflixOnThe27th = [
  {
    type: 'depository',
    subtype: 'checking',
    starting_balance: 3000,
    meta: { name: 'Checking', mask: '1111' },
    transactions: ['05', '06', '07', '08', '09', '10'].map((month) =>
      customTransaction(`2026-${month}-27`, 'NETFLIX.COM 866-579-7172 CA', 15.49),
    ),
  },
];

describe('days until due in the person’s own time zone', () => {
  let t: TestApp;
  let now = new Date('2026-11-26T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  async function personIn(phone: string, timeZone: string | null) {
    now = new Date('2026-11-26T12:00:00Z');
    const session = await signIn(t.app, phone);
    await linkSandboxItem(t, session.token, { overrideAccounts: netflixOnThe27th });
    if (timeZone) {
      const saved = await t.app.inject({
        method: 'POST',
        url: userRoutes.updateProfileInfo.path,
        headers: bearer(session.token),
        payload: { time_zone: timeZone },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().time_zone).toBe(timeZone);
    }
    return session.token;
  }

  async function netflixAt(token: string, at: string) {
    now = new Date(at);
    const response = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const netflix = (response.json() as Subscription[]).find((s) => s.merchant_name === 'Netflix');
    expect(netflix?.renewal_date).toBe('2026-11-27');
    return netflix!.days_until_due;
  }

  it('is due today in Auckland when it is already the 27th there, and tomorrow in UTC', async () => {
    const auckland = await personIn('+15555557001', 'Pacific/Auckland');
    const utc = await personIn('+15555557002', null);
    expect(await netflixAt(auckland, '2026-11-26T20:00:00Z')).toBe(0);
    expect(await netflixAt(utc, '2026-11-26T20:00:00Z')).toBe(1);
  });

  it('is still due tomorrow in Los Angeles while it is the 26th there', async () => {
    const losAngeles = await personIn('+15555557003', 'America/Los_Angeles');
    expect(await netflixAt(losAngeles, '2026-11-27T03:00:00Z')).toBe(1);
  });

  it('follows a zone the person picks at once, even when the list was read just before', async () => {
    const traveller = await personIn('+15555557005', null);
    expect(await netflixAt(traveller, '2026-11-26T20:00:00Z')).toBe(1);
    const saved = await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileInfo.path,
      headers: bearer(traveller),
      payload: { time_zone: 'Pacific/Auckland' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await netflixAt(traveller, '2026-11-26T20:00:00Z')).toBe(0);
  });

  it('counts this month in the person’s zone for the spending history', async () => {
    const auckland = await personIn('+15555557004', 'Pacific/Auckland');
    // 30 Nov 12:00 UTC is already 1 December in Auckland: December is this month there.
    now = new Date('2026-11-30T12:00:00Z');
    const history = await t.app.inject({
      method: 'GET',
      url: insightRoutes.spendingHistory.path,
      headers: bearer(auckland),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { months: { month: string }[] }).months.at(-1)?.month).toBe(
      '2026-12',
    );
  });
});
