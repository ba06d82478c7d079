/**
 * The chat over a real socket: the app listens on a free port and a WebSocket client talks to it
 * the way the browser does, with the token as the second sub-protocol after `bearer`.
 */
import type { AddressInfo } from 'node:net';
import {
  CHAT_BEARER_PROTOCOL,
  CHAT_PATH,
  chatMessages,
  formatDollars,
  subscriptionRoutes,
  sumDollars,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, billsDueSoon, connectChat } from '../../../test/chat-client';
import { forgedAuthorizations } from '../../../test/forged-tokens';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dueThisWeek } from '../../providers/chat-model/demo-answers';

// Today, held still: the forged tokens expire by the real clock, so the app's must agree.
const now = new Date();
const today = now.toISOString().slice(0, 10);

describe('the chat socket', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
    ({
      token,
      user: { userId },
    } = await signIn(t.app, '+15555557001'));
    await linkSandboxItem(t, token, { overrideAccounts: billsDueSoon(today) });
  });
  afterAll(() => t.close());

  const connect = (protocols: string[] | undefined) => connectChat(url, protocols);

  const signedIn = () => connect([CHAT_BEARER_PROTOCOL, token]);

  const ask = askChat;

  it("refuses an upgrade without a token, or with a bad one or another's expired one", async () => {
    await expect(connect(undefined)).rejects.toMatchObject({ status: 401 });
    await expect(connect([CHAT_BEARER_PROTOCOL])).rejects.toMatchObject({ status: 401 });
    const other = await signIn(t.app, '+15555557002');
    const forged = await forgedAuthorizations(other.token, userId);
    const tokens = Object.entries(forged).filter(([, value]) => value?.startsWith('Bearer '));
    expect(tokens.length).toBeGreaterThanOrEqual(5);
    for (const [name, value] of tokens) {
      const refusal = connect([CHAT_BEARER_PROTOCOL, value!.slice('Bearer '.length)]);
      await expect(refusal, name).rejects.toMatchObject({ status: 401 });
      // A plain HTTP problem, not a socket: nothing of the chat is sent.
      await expect(refusal).rejects.toMatchObject({
        body: expect.stringContaining('"status":401'),
      });
    }
  });

  it('welcomes, then streams the answer in chunks, then completes naming the model', async () => {
    const client = await signedIn();
    const [welcome] = await client.next((f) => f.type === 'welcome');
    expect(welcome).toMatchObject({ type: 'welcome', isDemoMode: true });
    const { frames } = await ask(client, 'Hello');
    const chunks = frames.filter((f) => f.type === 'chat_llm_chunk');
    expect(chunks.length).toBeGreaterThan(1);
    expect(frames.at(-1)).toEqual({
      type: 'chat_llm_complete',
      timestamp: now.toISOString(),
      userId,
      isDemoMode: true,
      provider: 'Billow',
      model: 'demo',
    });
    client.socket.close();
  });

  it("answers from the person's own figures", async () => {
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    const thisWeek = listed.filter(
      (s) => s.days_until_due !== null && s.days_until_due >= 0 && s.days_until_due <= 6,
    );
    expect(thisWeek.map((s) => s.merchant_name).sort()).toEqual(['Hulu', 'Netflix']);
    expect(dueThisWeek(listed)).toHaveLength(2);
    const client = await signedIn();

    const week = await ask(client, "What's due this week?");
    expect(week.text).toContain(
      `${formatDollars(sumDollars(thisWeek.map((s) => s.amount)))} in total`,
    );
    expect(week.text).toContain('Netflix');
    expect(week.text).not.toContain('Spotify');

    const monthly = await ask(client, 'How much do I spend per month?');
    const perMonth = sumDollars(listed.map((s) => s.normalized_monthly_amount));
    expect(monthly.text).toContain(formatDollars(perMonth));

    const history = await ask(client, 'Show me my Spotify history');
    expect(history.text).toContain('8 charges');
    expect(history.text).toContain(formatDollars(8 * 11.99));

    const unknown = await ask(client, 'Should I buy index funds?');
    expect(unknown.text).toContain("I can't answer that yet");
    client.socket.close();
  });

  it('answers an empty or too-long message with the error frame, and goes on working', async () => {
    const client = await signedIn();
    expect((await ask(client, '   ')).frames.at(-1)).toMatchObject({
      type: 'error',
      content: chatMessages.empty,
    });
    expect((await ask(client, 'x'.repeat(1001))).frames.at(-1)).toMatchObject({
      type: 'error',
      content: chatMessages.tooLong,
    });
    expect((await ask(client, 'Hello')).frames.at(-1)).toMatchObject({ type: 'chat_llm_complete' });
    client.socket.close();
  });

  it('stays healthy when a socket closes mid-answer, and never logs what was typed', async () => {
    const client = await signedIn();
    client.socket.send(
      JSON.stringify({ content: 'What are my biggest secret-words-xyz subscriptions?' }),
    );
    await client.next((f) => f.type === 'chat_llm_chunk');
    client.socket.terminate();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const again = await signedIn();
    expect((await ask(again, 'Hello')).frames.at(-1)).toMatchObject({ type: 'chat_llm_complete' });
    again.socket.close();
    expect(JSON.stringify(t.logs)).not.toContain('secret-words-xyz');
    expect(JSON.stringify(t.logs)).not.toContain(token);
  });
});
