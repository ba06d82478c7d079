/**
 * A plan billed every four weeks over HTTP: listed with the nearest cadence
 * (monthly), but its renewal date, days until due and calendar charges step by its true 28-day
 * period, as the engine predicts — not by calendar months.
 */
import {
  calendarRoutes,
  subscriptionRoutes,
  type Subscription,
  type UpcomingCharge,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const now = new Date();
const today = now.toISOString().slice(0, 10);
/** The latest of 13 charges, four weeks apart. */
const lastCharge = dayFrom(today, -5);

describe('a plan billed every four weeks', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    token = (await signIn(t.app, '+15555558131')).token;
    const transactions = Array.from({ length: 13 }, (_, index) =>
      customTransaction(dayFrom(lastCharge, -28 * index), 'CRUNCH FITNESS 4WK DUES', 24.99),
    );
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 3000,
          meta: { name: 'Checking', mask: '1111' },
          transactions,
        },
      ],
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('renews 28 days after the last charge and steps the calendar by 28 days', async () => {
    const listed = (await get(subscriptionRoutes.listAll.path)).json() as Subscription[];
    const gym = listed.find((s) => s.merchant_name === 'Crunch Fitness');
    expect(gym).toMatchObject({
      cadence: 'MONTHLY',
      status: 'ACTIVE',
      renewal_date: dayFrom(lastCharge, 28),
      days_until_due: 23,
    });

    const until = dayFrom(today, 120);
    const response = await get(`${calendarRoutes.upcoming.path}?from=${today}&until=${until}`);
    expect(response.statusCode, response.body).toBe(200);
    const dates = (response.json() as UpcomingCharge[])
      .filter((charge) => charge.subscription_id === gym?.id)
      .map((charge) => charge.date);
    expect(dates).toEqual([28, 56, 84, 112].map((days) => dayFrom(lastCharge, days)));
  });
});
