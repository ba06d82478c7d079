/**
 * Where the money goes, over HTTP: the month-by-month spending by category adds up to the charges
 * the bank showed, and the price-increase view lists the bills that went up in the last year —
 * from what, when, by how much a year — and no other person's.
 */
import {
  insightRoutes,
  subscriptionRoutes,
  type MonthlySpend,
  type PriceIncrease,
  type RouteContract,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billsDueSoon } from '../../../test/chat-client';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const today = '2026-11-20';
const now = new Date(`${today}T15:00:00Z`);

/** The 5th of the month `back` months before today's month. */
const fifthOf = (back: number) => {
  const d = new Date(Date.UTC(2026, 10 - back, 5));
  return d.toISOString().slice(0, 10);
};

/**
 * Two years of monthly bills on the 5th: Netflix went up 4 months ago, Xfinity 2 months ago,
 * Verizon 16 months ago (too long ago to be news), Spotify never. All four but Spotify are
 * merchants Billow negotiates with.
 */
function risingBills() {
  const transactions = [];
  for (let back = 0; back < 24; back++) {
    const date = fifthOf(back);
    transactions.push(
      customTransaction(date, 'NETFLIX.COM 866-579-7172 CA', back < 4 ? 17.99 : 15.49),
      customTransaction(date, 'COMCAST XFINITY 800-934-6489', back < 2 ? 100 : 90),
      customTransaction(date, 'VERIZON WIRELESS PAYMENT', back < 16 ? 75 : 70),
      customTransaction(date, 'SPOTIFY USA 877-7781161 NY', 11.99),
    );
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 5000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

describe('insights', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    alice = (await signIn(t.app, '+15555558201')).token;
    bob = (await signIn(t.app, '+15555558202')).token;
    await linkSandboxItem(t, alice, { overrideAccounts: risingBills() });
    await linkSandboxItem(t, bob, { overrideAccounts: billsDueSoon(dayFrom(today, 0)) });
  });
  afterAll(() => t.close());

  const get = async <T>(token: string, route: RouteContract) => {
    const response = await t.app.inject({
      method: route.method,
      url: route.path,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('adds up each month by category, through this month, from the first charge', async () => {
    const { months } = await get<{ months: MonthlySpend[] }>(alice, insightRoutes.spendingHistory);
    expect(months.map((m) => m.month)).toEqual(
      Array.from({ length: 24 }, (_, i) => fifthOf(23 - i).slice(0, 7)),
    );
    const perMonth = (back: number) =>
      (back < 4 ? 17.99 : 15.49) + (back < 2 ? 100 : 90) + (back < 16 ? 75 : 70) + 11.99;
    months.forEach((month, i) => {
      expect(month.total).toBeCloseTo(perMonth(23 - i), 2);
      const sum = month.categories.reduce((total, c) => total + c.amount, 0);
      expect(sum).toBeCloseTo(month.total, 2);
      const amounts = month.categories.map((c) => c.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    });
    // The categories are the subscriptions' own, as the list shows them.
    const listed = await get<Subscription[]>(alice, subscriptionRoutes.listAll);
    const categories = new Set(listed.map((s) => s.category));
    expect(months.at(-1)!.categories.every((c) => categories.has(c.category))).toBe(true);
  });

  it('lists the prices that went up in the last year, the costliest first', async () => {
    const rises = await get<PriceIncrease[]>(alice, insightRoutes.priceIncreases);
    expect(rises).toEqual([
      expect.objectContaining({
        merchant_name: 'Xfinity',
        previous_amount: 90,
        amount: 100,
        changed_on: fifthOf(1),
        increase_per_year: 120,
        is_negotiable: true,
        cadence: 'MONTHLY',
      }),
      expect.objectContaining({
        merchant_name: 'Netflix',
        previous_amount: 15.49,
        amount: 17.99,
        changed_on: fifthOf(3),
        increase_per_year: 30,
        cadence: 'MONTHLY',
      }),
    ]);
  });

  it("shows a person nothing of another's, and nothing when there is nothing", async () => {
    expect(await get<PriceIncrease[]>(bob, insightRoutes.priceIncreases)).toEqual([]);
    const { months } = await get<{ months: MonthlySpend[] }>(bob, insightRoutes.spendingHistory);
    expect(months.every((m) => m.total < 40)).toBe(true);
    const carol = (await signIn(t.app, '+15555558203')).token;
    expect(await get<{ months: MonthlySpend[] }>(carol, insightRoutes.spendingHistory)).toEqual({
      months: [],
    });
    expect(await get<PriceIncrease[]>(carol, insightRoutes.priceIncreases)).toEqual([]);
  });
});

/**
 * The last charges, near midnight UTC: a charge from yesterday (UTC) on counts from the day it
 * falls on where the person is, so the same charges make a different chart in New York (still
 * 30 November) and in London (already 1 December). Netflix on the 1st of each month, Spotify
 * every 30 days, its last charge on 30 November.
 */
describe('insights, the charges of the last two days', () => {
  let t: TestApp;
  const at = new Date('2026-12-01T04:00:00Z');

  function lastDaysBills() {
    const transactions = [];
    for (let back = 0; back < 12; back++) {
      transactions.push(
        customTransaction(
          new Date(Date.UTC(2026, 11 - back, 1)).toISOString().slice(0, 10),
          'NETFLIX.COM 866-579-7172 CA',
          15.49,
        ),
        customTransaction(dayFrom('2026-11-30', -30 * back), 'SPOTIFY USA 877-7781161 NY', 11.99),
      );
    }
    return [
      {
        type: 'depository',
        subtype: 'checking',
        starting_balance: 5000,
        meta: { name: 'Checking', mask: '2222' },
        transactions,
      },
    ];
  }

  async function personIn(phone: string, zone: string) {
    const { token } = await signIn(t.app, phone);
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile-info',
      headers: bearer(token),
      payload: { time_zone: zone },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await linkSandboxItem(t, token, { overrideAccounts: lastDaysBills() });
    const response = await t.app.inject({
      method: 'GET',
      url: insightRoutes.spendingHistory.path,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { months: MonthlySpend[] }).months;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => at });
  });
  afterAll(() => t.close());

  it("counts yesterday's and today's charges (UTC) once each, on the person's own day", async () => {
    const newYork = await personIn('+15555558211', 'America/New_York');
    const london = await personIn('+15555558212', 'Europe/London');
    // New York: still 30 November; Spotify's charge that day counts, Netflix's of the 1st not yet.
    expect(newYork.at(-1)).toMatchObject({ month: '2026-11' });
    expect(newYork.at(-1)!.total).toBeCloseTo(15.49 + 11.99, 2);
    // London: 1 December has begun; November is the same, December holds Netflix's charge alone.
    expect(london.map((m) => m.month).slice(-2)).toEqual(['2026-11', '2026-12']);
    expect(london.at(-2)!.total).toBeCloseTo(15.49 + 11.99, 2);
    expect(london.at(-1)!.total).toBeCloseTo(15.49, 2);
    expect(london.slice(0, -1)).toEqual(newYork);
  });
});
