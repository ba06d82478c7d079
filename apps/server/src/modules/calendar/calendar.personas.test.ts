/**
 * The calendar's dates are the engine's: for every sandbox persona, linked on a day
 * whose next two months cross a month boundary and a leap day, each active bill's first calendar
 * date is the renewal date detection predicted, and the dates after it keep the bill's rhythm —
 * a monthly bill on its billing day (Feb 29 for a bill on the 29th–31st in 2028), a weekly one
 * every 7 days.
 */
import {
  calendarRoutes,
  subscriptionRoutes,
  type Subscription,
  type UpcomingCharge,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const today = '2028-02-10';
const until = '2028-04-12';
const now = new Date(`${today}T16:00:00Z`);
const personas = ['default', 'family', 'student', 'freelancer', 'dynamic'] as const;

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe.each(personas)('the calendar for the %s persona', (persona) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    token = (await signIn(t.app, '+15555558301')).token;
    await linkSandboxItem(t, token, { persona }, { seed: `calendar-${persona}` });
  });
  afterAll(() => t.close());

  it("puts each active bill on the engine's dates", async () => {
    const list = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    const response = await t.app.inject({
      method: 'GET',
      url: `${calendarRoutes.upcoming.path}?from=${today}&until=${until}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const charges = response.json() as UpcomingCharge[];
    const active = list.filter(
      (s) => s.status === 'ACTIVE' && s.renewal_date && s.renewal_date <= until,
    );
    expect(active.length).toBeGreaterThan(0);
    expect(new Set(charges.map((c) => c.subscription_id))).toEqual(
      new Set(active.map((s) => s.id)),
    );
    for (const subscription of active) {
      const dates = charges.filter((c) => c.subscription_id === subscription.id).map((c) => c.date);
      expect(dates[0], subscription.merchant_name).toBe(subscription.renewal_date);
      const steps = dates.slice(1).map((date, i) => dayNumber(date) - dayNumber(dates[i]!));
      if (subscription.cadence === 'WEEKLY') expect(new Set(steps)).toEqual(new Set([7]));
      if (subscription.cadence === 'BIWEEKLY') expect(steps.every((s) => s === 14)).toBe(true);
      // The New York Times bills every four weeks (packages/sandbox-bank's catalogue): listed as
      // monthly, the nearest listed cadence, but its charges step by its true period.
      if (subscription.merchant_name === 'The New York Times') {
        expect(new Set(steps), subscription.merchant_name).toEqual(new Set([28]));
      } else if (subscription.cadence === 'MONTHLY') {
        const days = dates.map((date) => Number(date.slice(8)));
        const billingDay = Math.max(...days);
        dates.forEach((date) => {
          const [year, month] = date.split('-').map(Number) as [number, number];
          expect(Number(date.slice(8)), `${subscription.merchant_name} ${date}`).toBe(
            Math.min(billingDay, lastDayOf(year, month)),
          );
        });
        // One charge a month, none skipped.
        expect(new Set(dates.map((date) => date.slice(0, 7))).size).toBe(dates.length);
      }
    }
  });
});

describe('a bill on the 30th in a leap year', () => {
  it('falls on Feb 29, then on Mar 30 again', async () => {
    const t = await createTestApp({ clock: () => now });
    try {
      const { token } = await signIn(t.app, '+15555558302');
      const transactions = ['2027-10-30', '2027-11-30', '2027-12-30', '2028-01-30'].map((date) => ({
        date_transacted: date,
        date_posted: date,
        amount: 15.49,
        description: 'NETFLIX.COM 866-579-7172 CA',
        currency: 'USD',
      }));
      await linkSandboxItem(t, token, {
        overrideAccounts: [
          {
            type: 'depository',
            subtype: 'checking',
            starting_balance: 1000,
            meta: { name: 'Checking', mask: '1111' },
            transactions,
          },
        ],
      });
      const response = await t.app.inject({
        method: 'GET',
        url: `${calendarRoutes.upcoming.path}?from=${today}&until=${until}`,
        headers: bearer(token),
      });
      expect((response.json() as UpcomingCharge[]).map((c) => c.date)).toEqual([
        '2028-02-29',
        '2028-03-30',
      ]);
    } finally {
      await t.close();
    }
  });
});
