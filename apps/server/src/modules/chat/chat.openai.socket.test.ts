/**
 * The chat with CHAT_PROVIDER=openai, end to end: the socket, the adapter, a local fake
 * OpenAI-compatible server, and the tool answered from the signed-in person's own bills.
 */
import type { AddressInfo } from 'node:net';
import {
  CHAT_BEARER_PROTOCOL,
  CHAT_PATH,
  negotiationRoutes,
  subscriptionRoutes,
  sumDollars,
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
});
