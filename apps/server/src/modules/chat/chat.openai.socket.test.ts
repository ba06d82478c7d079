/**
 * The chat with CHAT_PROVIDER=openai, end to end: the socket, the adapter, a local fake
 * OpenAI-compatible server, and the tool answered from the signed-in person's own bills.
 */
import type { AddressInfo } from 'node:net';
import {
  CHAT_BEARER_PROTOCOL,
  CHAT_PATH,
  cancellationOf,
  cancellationRoutes,
  findMerchant,
  negotiationRoutes,
  subscriptionRoutes,
  sumDollars,
  type Cancellation,
  type NegotiationOffer,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, billsDueSoon, connectChat, negotiableBills } from '../../../test/chat-client';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/fake-openai';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const now = new Date();
const today = now.toISOString().slice(0, 10);

describe('the chat on an OpenAI-compatible model', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi('sk-test-key');
    t = await createTestApp({
      clock: () => now,
      env: {
        CHAT_PROVIDER: 'openai',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-test-key',
        CHAT_MODEL: 'fake-model',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("answers through a tool call with the signed-in person's bills, not another's", async () => {
    const someone = await signIn(t.app, '+15555557101');
    await linkSandboxItem(t, someone.token, { overrideAccounts: billsDueSoon(today) });
    const stranger = await signIn(t.app, '+15555557102');

    const listed = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(someone.token),
      })
    ).json() as Subscription[];
    const week = listed.filter((s) => s.days_until_due !== null && s.days_until_due < 7);
    const total = sumDollars(week.map((s) => s.amount)).toFixed(2);

    const client = await connectChat(url, [CHAT_BEARER_PROTOCOL, someone.token]);
    const [welcome] = await client.next((f) => f.type === 'welcome');
    expect(welcome).toMatchObject({ isDemoMode: false });
    const answer = await askChat(client, "What's due this week?");
    expect(answer.text).toBe(`You have 2 bills due this week (Netflix, Hulu), $${total} in total.`);
    expect(answer.frames.at(-1)).toMatchObject({
      type: 'chat_llm_complete',
      userId: someone.user.userId,
      isDemoMode: false,
      model: 'fake-model',
    });
    client.socket.close();

    const other = await connectChat(url, [CHAT_BEARER_PROTOCOL, stranger.token]);
    expect((await askChat(other, "What's due this week?")).text).toBe(
      'You have 0 bills due this week (), $0.00 in total.',
    );
    other.socket.close();
  });

  it("reads the signed-in person's negotiations through the negotiation-status tool", async () => {
    const someone = await signIn(t.app, '+15555557103');
    await linkSandboxItem(t, someone.token, { overrideAccounts: negotiableBills(today) });
    const offers = (
      await t.app.inject({
        method: 'GET',
        url: negotiationRoutes.negotiable.path,
        headers: bearer(someone.token),
      })
    ).json() as NegotiationOffer[];
    expect(offers).toHaveLength(3);

    const client = await connectChat(url, [CHAT_BEARER_PROTOCOL, someone.token]);
    const answer = await askChat(client, "What's happening with my negotiations?");
    const expected = offers.map((o) => `${o.service_name} ${o.status}`).join(', ');
    expect(answer.text).toBe(`Your negotiations: ${expected}.`);
    const toolReply = fake.requests.at(-1)?.messages.find((m) => m.role === 'tool');
    const facts = JSON.parse(toolReply?.content ?? '{}') as {
      negotiations: { merchant: string; information_asked: string[] }[];
    };
    expect(facts.negotiations.find((n) => n.merchant === 'Verizon')?.information_asked).toEqual([
      'account_pin',
      'payment_method_last_four',
    ]);
    client.socket.close();

    const stranger = await signIn(t.app, '+15555557104');
    const other = await connectChat(url, [CHAT_BEARER_PROTOCOL, stranger.token]);
    expect((await askChat(other, 'Did my Verizon negotiation work?')).text).toBe(
      'You have no negotiations.',
    );
    other.socket.close();
  });

  it("answers how to cancel from the catalogue's facts and the person's own subscription and cancellation", async () => {
    const someone = await signIn(t.app, '+15555557111');
    await linkSandboxItem(t, someone.token, { overrideAccounts: billsDueSoon(today) });
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(someone.token),
      })
    ).json() as Subscription[];
    const netflix = listed.find((s) => s.merchant_name === 'Netflix')!;
    const asked = (
      await t.app.inject({
        method: 'POST',
        url: cancellationRoutes.cancel.path,
        headers: bearer(someone.token),
        payload: { subscriptionId: netflix.id, method: 'self' },
      })
    ).json() as Cancellation;
    const confirmed = (
      await t.app.inject({
        method: 'POST',
        url: cancellationRoutes.confirm.path,
        headers: bearer(someone.token),
        payload: { cancellationId: asked.id, confirmationNumber: 'NF-480213' },
      })
    ).json() as Cancellation;
    expect(confirmed.status).toBe('CONFIRMED');
    const guide = cancellationOf(findMerchant({ merchantName: 'Netflix', merchantWebsite: null }));

    const client = await connectChat(url, [CHAT_BEARER_PROTOCOL, someone.token]);
    const answer = await askChat(client, 'How do I cancel Netflix?');
    const asking = fake.requests.at(-1)!;
    const toolReply = asking.messages.find((m) => m.role === 'tool');
    const facts = JSON.parse(toolReply?.content ?? '{}') as Record<string, unknown>;
    expect(facts).toMatchObject({
      merchant: 'Netflix',
      is_known_merchant: true,
      guide: {
        channels: guide.channels,
        page_url: guide.pageUrl,
        phone: guide.phone,
        notes: guide.notes,
      },
      your_subscription: { status: netflix.status, amount: netflix.amount },
      cancellation: {
        status: 'CONFIRMED',
        way: 'self',
        confirmation_number: 'NF-480213',
        watch_until: confirmed.watch_until,
      },
    });
    expect(facts.in_app_action).toBe(
      'A cancellation of Netflix is already under way (CONFIRMED); do not start another. To follow it, open Netflix in the bills and tap Cancel subscription.',
    );
    expect(answer.text).toContain(`Netflix cancels online at ${guide.pageUrl}.`);
    expect(answer.text).toContain('Cancellation CONFIRMED (NF-480213).');
    client.socket.close();

    // Someone else with their own Netflix hears about theirs, never about this person's.
    const stranger = await signIn(t.app, '+15555557112');
    await linkSandboxItem(t, stranger.token, { overrideAccounts: billsDueSoon(today) });
    const other = await connectChat(url, [CHAT_BEARER_PROTOCOL, stranger.token]);
    const theirs = await askChat(other, 'How do I cancel my netflix?');
    const reply = fake.requests.at(-1)!.messages.find((m) => m.role === 'tool')?.content ?? '';
    expect(JSON.parse(reply)).toMatchObject({
      your_subscription: { status: 'ACTIVE' },
      cancellation: null,
    });
    expect(reply).not.toContain('NF-480213');
    expect(reply).not.toContain(asked.id);
    expect(reply).not.toContain(netflix.id);
    expect(theirs.text).not.toContain('CONFIRMED');
    expect(theirs.text).toContain('Open Netflix in the bills and tap Cancel subscription');

    // A merchant Billow does not know: the generic guide, and nothing of anyone's bills.
    const unknown = await askChat(other, 'How do I cancel Zorblax Weekly Box?');
    const generic = JSON.parse(
      fake.requests.at(-1)!.messages.find((m) => m.role === 'tool')?.content ?? '{}',
    ) as Record<string, unknown>;
    expect(generic).toMatchObject({
      is_known_merchant: false,
      your_subscription: null,
      cancellation: null,
    });
    expect(unknown.text).toContain('Zorblax Weekly Box is not one of your bills.');
    other.socket.close();
  });
});
