/**
 * The demo assistant on negotiations, over a real socket: it answers "what's happening with my
 * negotiations" and "did my Xfinity negotiation work" from the person's own offers as they move
 * (waiting for information, successful, turned down), and never from another person's.
 */
import type { AddressInfo } from 'node:net';
import {
  CHAT_BEARER_PROTOCOL,
  CHAT_PATH,
  formatDollars,
  formatLongDay,
  formatPrice,
  negotiationRoutes,
  type NegotiationOffer,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, connectChat, negotiableBills, type ChatClient } from '../../../test/chat-client';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const now = new Date();
const today = now.toISOString().slice(0, 10);

describe('the demo assistant on negotiations', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  let client: ChatClient;

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: { SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
    ({ token } = await signIn(t.app, '+15555557201'));
    await linkSandboxItem(t, token, { overrideAccounts: negotiableBills(today) });
    client = await connectChat(url, [CHAT_BEARER_PROTOCOL, token]);
  });
  afterAll(async () => {
    client.socket.close();
    await t.close();
  });

  const offers = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: negotiationRoutes.negotiable.path,
        headers: bearer(token),
      })
    ).json() as NegotiationOffer[];
  const offerOf = async (name: string) => (await offers()).find((o) => o.service_name === name)!;
  async function give(name: string, requiredInfo: Record<string, string>) {
    const offer = await offerOf(name);
    const response = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: { subscriptionId: offer.subscription_id, requiredInfo },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('lists each negotiation with where it stands', async () => {
    const listed = await offers();
    expect(listed.map((o) => `${o.service_name} ${o.status}`).sort()).toEqual([
      'TEST_MERCHANT PENDING',
      'Verizon USER_INPUT_REQUIRED',
      'Xfinity USER_INPUT_REQUIRED',
    ]);
    const { text } = await askChat(client, "What's happening with my negotiations?");
    expect(text).toMatch(/^You have 3 negotiations:/);
    expect(text).toContain(
      'Verizon: waiting for you — Verizon asks for your account pin and payment method last four.',
    );
    expect(text).toContain('Xfinity: waiting for you — Xfinity asks for your account number and');
    const pending = listed.find((o) => o.service_name === 'TEST_MERCHANT')!;
    expect(text).toContain(
      `TEST_MERCHANT: not started — Billow can try to save you about ${formatDollars(pending.estimated_savings)} a year once Bill Negotiation is on`,
    );
    expect(text).not.toContain('Spotify');
  });

  it('says whether a named negotiation worked, as the calls end', async () => {
    expect((await askChat(client, 'Did my Xfinity negotiation work?')).text).toMatch(
      /^Not yet\. Xfinity: waiting for you/,
    );

    await give('Verizon', { account_pin: '5827', payment_method_last_four: '4242' });
    await give('Xfinity', {
      account_number: '1111',
      billing_address: '1 Main St, Springfield 01101',
    });
    const running = await askChat(client, 'negotiation status');
    expect(running.text).toContain('Verizon: in progress — Billow is negotiating.');
    await t.runQueuedJobs();

    const verizon = await offerOf('Verizon');
    const xfinity = await offerOf('Xfinity');
    expect(verizon.status).toBe('SUCCESSFUL');
    expect(xfinity.status).toBe('REJECTED');
    expect((await askChat(client, 'Did my Verizon negotiation work?')).text).toBe(
      // The outcome as the negotiations section says it: the bill's one new price.
      `Yes. Verizon: successful. Verizon lowered your bill to ${formatPrice(verizon.negotiated_price!, 'MONTHLY')}, from ${formatDollars(verizon.current_price)}. You save ${formatDollars(verizon.successful_savings!)} until ${formatLongDay(verizon.negotiated_deal_expiry!)}.`,
    );
    expect((await askChat(client, 'did my xfinity negotiation work')).text).toBe(
      `No. Xfinity: not successful — ${xfinity.rejection_reason}`,
    );
    const all = await askChat(client, 'How are my negotiations going?');
    expect(all.text).toMatch(/^You have 3 negotiations, 1 successful:/);

    expect((await askChat(client, 'Did my Spotify negotiation work?')).text).toMatch(
      /^Billow has no negotiation for Spotify/,
    );
    // Asking how to negotiate is still the how-to, not a status.
    expect((await askChat(client, 'How do I negotiate my Xfinity bill?')).text).toMatch(
      /^To lower Xfinity/,
    );
  });

  it("tells another person about their own negotiations, not this person's", async () => {
    const other = await signIn(t.app, '+15555557202');
    const theirs = await connectChat(url, [CHAT_BEARER_PROTOCOL, other.token]);
    const { text } = await askChat(theirs, "What's happening with my negotiations?");
    expect(text).toMatch(/^You have no negotiations yet\./);
    theirs.socket.close();
  });
});
