/**
 * The same question, one answer (docs/figures.md): what a person pays a month, which
 * prices went up, and a negotiated bill's new price read the same in the bills list, Spending,
 * the calendar, the iCal feed, the chat and the export — over HTTP and the chat's socket.
 */
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import ICAL from 'ical.js';
import {
  amountDue,
  calendarRoutes,
  CHAT_PATH,
  formatDollars,
  insightRoutes,
  monthlyTotal,
  negotiationRoutes,
  subscriptionRoutes,
  userRoutes,
  type NegotiationOffer,
  type PriceIncrease,
  type RouteContract,
  type Subscription,
  type UpcomingCharge,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, connectChat } from './chat-client';
import { customTransaction, linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const today = '2026-11-20';
const now = new Date(`${today}T15:00:00Z`);

/** The `day` of the month `back` months before November 2026. */
const dayOf = (back: number, day: number) =>
  new Date(Date.UTC(2026, 10 - back, day)).toISOString().slice(0, 10);

/** Verizon's metered bill: never twice the same, $82.99 the latest. */
const VERIZON = [82.99, 80.43, 78.6, 81.12, 79.55, 83.4, 78.95, 80.8, 82.1, 79.2, 81.75, 78.5];

/**
 * Two years of bills: Netflix went up 4 months ago, Xfinity 16 months ago (old news), Verizon
 * varies month to month, Spotify never changes, Amazon Prime is yearly and HelloFresh weekly.
 */
function bills() {
  const transactions = [];
  for (let back = 0; back < 24; back++) {
    transactions.push(
      customTransaction(dayOf(back, 5), 'NETFLIX.COM 866-579-7172 CA', back < 4 ? 17.99 : 15.49),
      customTransaction(dayOf(back, 8), 'COMCAST XFINITY 800-934-6489', back < 16 ? 90 : 80),
      customTransaction(dayOf(back, 10), 'SPOTIFY USA 877-7781161 NY', 11.99),
      customTransaction(dayOf(back, 12), 'VERIZON WIRELESS PAYMENT', VERIZON[back % 12]!),
    );
  }
  transactions.push(
    customTransaction('2025-02-03', 'AMAZON PRIME*2K4 AMZN.COM/BILL WA', 139),
    customTransaction('2026-02-03', 'AMAZON PRIME*7Q1 AMZN.COM/BILL WA', 139),
  );
  for (let week = 0; week < 30; week++) {
    const date = new Date(Date.UTC(2026, 10, 16 - 7 * week)).toISOString().slice(0, 10);
    transactions.push(customTransaction(date, 'HELLOFRESH 646-846-3663 NY', 79.99));
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 9000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

/** The figures of "You pay $1,234.56 a month…": every dollar amount in a text. */
const dollarsIn = (text: string) => text.match(/\$[\d,]+\.\d{2}/g) ?? [];

describe('one answer to each money question', () => {
  let t: TestApp;
  let token: string;
  let chatUrl: string;

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: { SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' },
    });
    token = (await signIn(t.app, '+15555553301')).token;
    await linkSandboxItem(t, token, { overrideAccounts: bills() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    chatUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
  });
  afterAll(() => t.close());

  async function get<T>(route: RouteContract, url = route.path): Promise<T> {
    const response = await t.app.inject({ method: route.method, url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  const list = () => get<Subscription[]>(subscriptionRoutes.listAll);
  async function ask(question: string) {
    const chat = await connectChat(chatUrl, ['bearer', token]);
    try {
      await chat.next((frame) => frame.type === 'welcome');
      return (await askChat(chat, question)).text;
    } finally {
      chat.socket.close();
    }
  }
  async function exported() {
    const response = await t.app.inject({
      method: 'GET',
      url: userRoutes.exportData.path,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => strFromU8(entries[name]!);
    return {
      summary: JSON.parse(text('summary.json')) as Record<string, unknown>,
      subscriptions: JSON.parse(text('subscriptions.json')) as Record<string, unknown>[],
      negotiations: JSON.parse(text('negotiations.json')) as Record<string, unknown>[],
    };
  }
  async function feed() {
    const { url } = await get<{ url: string }>(calendarRoutes.feedUrl);
    const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary);
  }

  it('says what the person pays a month with one figure: the bills, the chat and the export', async () => {
    const subscriptions = await list();
    const figure = monthlyTotal(subscriptions);
    // Weekly HelloFresh and yearly Amazon Prime count at their monthly equivalent.
    const hello = subscriptions.find((s) => s.merchant_name === 'HelloFresh')!;
    expect(hello).toMatchObject({ cadence: 'WEEKLY', normalized_monthly_amount: 346.62 });
    expect(subscriptions.find((s) => s.merchant_name === 'Amazon Prime')?.cadence).toBe('YEARLY');
    expect(figure).toBeGreaterThan(346.62 + 11.58);

    const answer = await ask('how much do I pay per month?');
    expect(dollarsIn(answer)[0]).toBe(formatDollars(figure));
    const active = subscriptions.filter((s) => s.status === 'ACTIVE').length;
    expect(answer).toContain(`across ${active} active bills`);

    const { summary } = await exported();
    expect(summary).toMatchObject({ monthly_total: figure, active_bills: active });
  });

  it('names the same price increases in the bills, Spending, the chat and the export', async () => {
    const raised = (await list())
      .filter((s) => s.is_price_increase)
      .map((s) => s.merchant_name)
      .sort();
    const spending = (await get<PriceIncrease[]>(insightRoutes.priceIncreases))
      .map((i) => i.merchant_name)
      .sort();
    // Netflix went up 4 months ago; Xfinity's rise 16 months ago is old news everywhere.
    expect(spending).toEqual(['Netflix']);
    expect(raised).toEqual(spending);

    const answer = await ask('did any prices go up?');
    expect(answer).toContain('Netflix: $15.49 → $17.99');
    expect(answer).not.toContain('Xfinity');

    const { subscriptions } = await exported();
    expect(
      subscriptions
        .filter((s) => s.is_price_increase === true)
        .map((s) => s.merchant_name)
        .sort(),
    ).toEqual(spending);
  });

  it('gives a negotiated bill one new price that the outcome, bills, calendar, feed, chat and export agree on', async () => {
    const verizon = (await list()).find((s) => s.merchant_name === 'Verizon')!;
    // Verizon's latest bill is $82.99; its monthly average is lower, as metered bills are.
    expect(verizon.amount).toBe(82.99);
    expect(verizon.normalized_monthly_amount).not.toBe(82.99);
    const offers = await get<NegotiationOffer[]>(negotiationRoutes.negotiable);
    expect(offers.find((o) => o.service_name === 'Verizon')?.current_price).toBe(82.99);
    const submitted = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: verizon.id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.runQueuedJobs();

    // Verizon takes $10 a month off the $82.99 bill: $72.99 a month, $120.00 a year.
    const offer = (await get<NegotiationOffer[]>(negotiationRoutes.negotiable)).find(
      (o) => o.service_name === 'Verizon',
    )!;
    expect(offer).toMatchObject({
      status: 'SUCCESSFUL',
      current_price: 82.99,
      negotiated_price: 72.99,
      successful_savings: 120,
    });
    expect(offer.call?.summary).toBe('Verizon agreed to $72.99 a month instead of $82.99.');

    const after = (await list()).find((s) => s.id === verizon.id)!;
    expect(after).toMatchObject({ amount: 72.99, normalized_monthly_amount: 72.99 });

    const upcoming = await get<UpcomingCharge[]>(
      calendarRoutes.upcoming,
      `${calendarRoutes.upcoming.path}?from=${today}&until=2027-02-28`,
    );
    const charges = upcoming.filter((c) => c.subscription_id === verizon.id);
    expect(charges.length).toBeGreaterThanOrEqual(3);
    expect(charges.every((c) => c.amount === 72.99)).toBe(true);
    expect((await feed()).filter((s) => s.startsWith('Verizon'))).toContain('Verizon $72.99');

    const answer = await ask('what about verizon?');
    expect(answer).toContain('$72.99 a month');
    expect(answer).not.toContain('$70.');
    expect(await ask('how are my negotiations going?')).toContain(
      'Verizon lowered your bill to $72.99 a month, from $82.99.',
    );

    const { subscriptions, negotiations } = await exported();
    expect(subscriptions.find((s) => s.id === verizon.id)).toMatchObject({
      amount: 72.99,
      monthly_amount: 72.99,
    });
    const negotiation = negotiations.find((n) => n.merchant_name === 'Verizon')!;
    expect(negotiation).toMatchObject({ negotiated_price: 72.99, successful_savings: 120 });
    expect(JSON.stringify(negotiation.status_history)).toContain(
      'Verizon lowered your bill to $72.99 a month, from $82.99.',
    );
  });

  it('states a weekly bill’s negotiated price a week, not a month', async () => {
    // A weekly bill from the one merchant whose sandbox deal is fixed: $10 a month off.
    const transactions = Array.from({ length: 20 }, (_, week) =>
      customTransaction(
        new Date(Date.UTC(2026, 10, 16 - 7 * week)).toISOString().slice(0, 10),
        'VERIZON WIRELESS PAYMENT',
        20,
      ),
    );
    const weekly = (await signIn(t.app, '+15555553302')).token;
    await linkSandboxItem(t, weekly, {
      overrideAccounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 3000,
          meta: { name: 'Checking', mask: '2222' },
          transactions,
        },
      ],
    });
    const read = async <T>(route: RouteContract) =>
      (
        await t.app.inject({ method: route.method, url: route.path, headers: bearer(weekly) })
      ).json() as T;
    const bill = (await read<Subscription[]>(subscriptionRoutes.listAll))[0]!;
    expect(bill).toMatchObject({ merchant_name: 'Verizon', cadence: 'WEEKLY', amount: 20 });
    const submitted = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(weekly),
      payload: {
        subscriptionId: bill.id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.runQueuedJobs();

    const [offer] = await read<NegotiationOffer[]>(negotiationRoutes.negotiable);
    expect(offer).toMatchObject({ status: 'SUCCESSFUL', negotiated_price: 17.69 });
    expect(offer!.call?.summary).toBe('Verizon agreed to $17.69 a week instead of $20.00.');
    // A year of the weekly difference: ($20.00 − $17.69) × 52.
    expect(offer!.successful_savings).toBe(120.12);
    expect((await read<Subscription[]>(subscriptionRoutes.listAll))[0]).toMatchObject({
      amount: 17.69,
      normalized_monthly_amount: 76.66,
    });
  });

  it('shows a month’s paid bills apart from the ones still due, and says what rewards cover', async () => {
    // By Nov 20 November's Netflix, Xfinity, Spotify, Verizon and three HelloFresh boxes are paid.
    const paid = await get<UpcomingCharge[]>(
      calendarRoutes.paid,
      `${calendarRoutes.paid.path}?from=2026-11-01&until=2026-11-30`,
    );
    expect(paid.map((c) => `${c.date} ${c.merchant_name} ${c.amount}`)).toEqual([
      '2026-11-02 HelloFresh 79.99',
      '2026-11-05 Netflix 17.99',
      '2026-11-08 Xfinity 90',
      '2026-11-09 HelloFresh 79.99',
      '2026-11-10 Spotify 11.99',
      '2026-11-12 Verizon 82.99',
      '2026-11-16 HelloFresh 79.99',
    ]);
    const due = await get<UpcomingCharge[]>(
      calendarRoutes.upcoming,
      `${calendarRoutes.upcoming.path}?from=2026-11-01&until=2026-11-30`,
    );
    expect(due.map((c) => `${c.date} ${c.merchant_name}`)).toEqual([
      '2026-11-23 HelloFresh',
      '2026-11-30 HelloFresh',
    ]);

    // Rewards applied toward Netflix's next bill: the calendar and the feed say so, as its row does.
    const netflix = (await list()).find((s) => s.merchant_name === 'Netflix')!;
    await t.database.executeSql(
      'update subscriptions set reward_credit_cents = 1000, reward_credit_bill_date = renewal_date where id = $1',
      [netflix.id],
    );
    expect((await list()).find((s) => s.id === netflix.id)?.reward_credit).toBe(10);
    const december = await get<UpcomingCharge[]>(
      calendarRoutes.upcoming,
      `${calendarRoutes.upcoming.path}?from=2026-12-01&until=2027-01-31`,
    );
    const [next, after] = december.filter((c) => c.subscription_id === netflix.id);
    expect(next).toMatchObject({ date: netflix.renewal_date, amount: 17.99, reward_credit: 10 });
    expect(after).toMatchObject({ amount: 17.99, reward_credit: 0 });
    expect(await feed()).toContain('Netflix $7.99 ($10.00 covered by rewards)');
  });

  it('answers in the chat with the screens’ amounts and dates', async () => {
    // Biggest by what each costs a month, each said at its current price in its cadence.
    expect(await ask('what are my biggest subscriptions?')).toBe(
      'Your biggest subscriptions:\n- HelloFresh: $79.99 a week\n- Xfinity: $90.00 a month\n- Verizon: $72.99 a month',
    );
    // Due dates as the bill rows say them, with no ISO date beside them.
    expect(await ask("what's due this week?")).toBe(
      '1 bill due this week, $79.99 in total:\n- HelloFresh: $79.99, due in 3 days',
    );
    // Payments dated as the recent-payments list dates them.
    const spotify = await ask('spotify');
    // The next charge as its row says it: what is left to pay once rewards cover part of it.
    const row = (await list()).find((s) => s.merchant_name === 'Spotify')!;
    const covered =
      row.reward_credit > 0 ? ` (${formatDollars(row.reward_credit)} covered by rewards)` : '';
    expect(spotify).toContain(
      `Spotify: $11.99 a month, next charge ${formatDollars(amountDue(row))}${covered} due in 20 days.`,
    );
    expect(spotify).toContain('- November 10th: $11.99\n- October 10th: $11.99');
    expect(spotify).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
