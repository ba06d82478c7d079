/**
 * The private calendar feed over HTTP: a URL per person that answers without a sign-in, a valid
 * iCal document (parsed back with ical.js) whose events are the person's upcoming charges on the
 * engine's dates, stable UIDs across fetches, and 404 once the link is reset or the account gone.
 */
import ICAL from 'ical.js';
import {
  calendarRoutes,
  subscriptionRoutes,
  userRoutes,
  type RouteContract,
  type Subscription,
  type UpcomingCharge,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billsDueSoon, negotiableBills } from '../../../test/chat-client';
import { dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const now = new Date();
const today = now.toISOString().slice(0, 10);

type FeedEvent = { uid: string; summary: string; date: string };

function parseFeed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, date: event.startDate.toString() };
  });
}

describe('the calendar feed', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    alice = (await signIn(t.app, '+15555558101')).token;
    bob = (await signIn(t.app, '+15555558102')).token;
    await linkSandboxItem(t, alice, { overrideAccounts: billsDueSoon(today) });
    await linkSandboxItem(t, bob, { overrideAccounts: negotiableBills(today) });
  });
  afterAll(() => t.close());

  const call = (token: string, route: RouteContract, url = route.path) =>
    t.app.inject({ method: route.method, url, headers: bearer(token) });
  const feedUrlOf = async (token: string, route: RouteContract = calendarRoutes.feedUrl) => {
    const response = await call(token, route);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { url: string }).url;
  };
  /** Fetches a feed URL the way a calendar app does: no Authorization header. */
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const listAll = async (token: string) =>
    (await call(token, subscriptionRoutes.listAll)).json() as Subscription[];
  const upcoming = async (token: string, from: string, until: string) => {
    const response = await call(
      token,
      calendarRoutes.upcoming,
      `${calendarRoutes.upcoming.path}?from=${from}&until=${until}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UpcomingCharge[];
  };

  it('gives one private URL per person, the same each time it is asked', async () => {
    const url = await feedUrlOf(alice);
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
    expect(await feedUrlOf(alice)).toBe(url);
    expect(await feedUrlOf(bob)).not.toBe(url);
    // Only a hash of the secret is looked up; the secret itself is stored encrypted.
    const secret = url.split('/').at(-1)!;
    const { rows } = await t.database.executeSql('select * from calendar_feeds');
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it("serves the person's upcoming charges as a valid calendar, with stable UIDs", async () => {
    const url = await feedUrlOf(alice);
    const first = await fetchFeed(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    const events = parseFeed(first.body);

    const subscriptions = (await listAll(alice)).filter((s) => s.status === 'ACTIVE');
    expect(subscriptions.map((s) => s.merchant_name).sort()).toEqual([
      'Hulu',
      'Netflix',
      'Spotify',
    ]);
    // Each subscription's first event is on the engine's predicted date, titled with the amount.
    for (const s of subscriptions) {
      const own = events.filter((e) => e.uid.startsWith(s.id));
      expect(own.length, s.merchant_name).toBeGreaterThanOrEqual(5);
      expect(own[0]!.date).toBe(s.renewal_date);
      expect(own[0]!.summary).toBe(`${s.merchant_name} $${s.amount.toFixed(2)}`);
    }
    // The feed lists exactly what the calendar screen shows for the same months.
    const until = events
      .map((e) => e.date)
      .sort()
      .at(-1)!;
    const charges = await upcoming(alice, today, until);
    expect(events.map((e) => `${e.date} ${e.summary}`).sort()).toEqual(
      charges.map((c) => `${c.date} ${c.merchant_name} $${c.amount.toFixed(2)}`).sort(),
    );

    const again = parseFeed((await fetchFeed(url)).body);
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it("holds no other person's events", async () => {
    const alicesIds = new Set((await listAll(alice)).map((s) => s.id));
    const bobs = parseFeed((await fetchFeed(await feedUrlOf(bob))).body);
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.filter((e) => alicesIds.has(e.uid.slice(0, 36)))).toEqual([]);
    expect(bobs.some((e) => e.summary.startsWith('Netflix'))).toBe(false);
  });

  it('drops a subscription marked as not one', async () => {
    const spotify = (await listAll(alice)).find((s) => s.merchant_name === 'Spotify')!;
    const removed = await t.app.inject({
      method: 'POST',
      url: subscriptionRoutes.remove.path,
      headers: bearer(alice),
      payload: { subscriptionId: spotify.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const events = parseFeed((await fetchFeed(await feedUrlOf(alice))).body);
    expect(events.some((e) => e.summary.startsWith('Spotify'))).toBe(false);
    expect(events.some((e) => e.summary.startsWith('Netflix'))).toBe(true);
  });

  it('answers 404 for an unknown secret, and for the old one after a reset', async () => {
    const old = await feedUrlOf(alice);
    const fresh = await feedUrlOf(alice, calendarRoutes.resetFeedUrl);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect(await feedUrlOf(alice)).toBe(fresh);
    const unknown = `${calendarRoutes.feed.path.replace(':secret', 'x'.repeat(43))}`;
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: unknown.slice(0, -5) })).statusCode).toBe(404);
  });

  it('shows nothing once the person has deleted their account', async () => {
    const url = await feedUrlOf(bob);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const deleted = await call(bob, userRoutes.deleteAccount);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('refuses a range the wrong way round or longer than allowed', async () => {
    const backwards = await call(
      alice,
      calendarRoutes.upcoming,
      `${calendarRoutes.upcoming.path}?from=${today}&until=${dayFrom(today, -1)}`,
    );
    expect(backwards.statusCode).toBe(400);
    const tooLong = await call(
      alice,
      calendarRoutes.upcoming,
      `${calendarRoutes.upcoming.path}?from=${today}&until=${dayFrom(today, 500)}`,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('the calendar feed in the logs', () => {
  it('logs its path without the secret, at every level', async () => {
    const t = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
    try {
      const { token } = await signIn(t.app, '+15555558103');
      const response = await t.app.inject({
        method: calendarRoutes.feedUrl.method,
        url: calendarRoutes.feedUrl.path,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const secret = (response.json() as { url: string }).url.split('/').at(-1)!;
      const path = `/api/calendar/feed/${secret}`;
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      await t.app.inject({ method: 'GET', url: `${path}x/more` });
      const logged = JSON.stringify(t.logs);
      expect(logged).toContain('/api/calendar/feed/[redacted]');
      expect(logged).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
