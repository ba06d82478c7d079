/**
 * Bill negotiation with the Vapi call agent, against a local fake of Vapi's API: the call Billow
 * asks for, the server messages it maps onto stages and the call record, a webhook with a wrong
 * secret refused, and calls that lost their webhook or their server half-way.
 */
import {
  merchantById,
  negotiationRoutes,
  userRoutes,
  type NegotiationOffer,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import {
  closeVapiTestApp,
  createVapiTestApp,
  deliverTo,
  VAPI_PHONE_NUMBER_ID,
  VAPI_WEBHOOK_SECRET,
} from '../../../test/vapi-test-app';
import {
  checkingWithBills,
  linkSandboxItem,
  TEST_MERCHANT_BILL,
  VERIZON_BILL,
} from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import type { FakeVapi, VapiDelivery } from '../../../test/fakes/fake-vapi';

/** The PIN as a number of its own: not the same digits inside a time stamp (epoch ms). */
const PIN_WRITTEN = /(?<!\d)5827(?!\d)/;

/** Monthly Verizon (a published number) and TEST_MERCHANT (a placeholder number). */
const verizonUser = (today: string) => [
  checkingWithBills(today, [VERIZON_BILL, TEST_MERCHANT_BILL], {
    mask: '1111',
    months: 8,
    startingBalance: 3000,
  }),
];

const DEAL = { successful: true, originalRate: 75, finalRate: 65, monthlySavings: 10 };

describe('bill negotiation through Vapi (a local fake)', () => {
  let t: TestApp;
  let vapi: FakeVapi;
  let clock = new Date();
  let phoneCounter = 700;

  beforeAll(async () => {
    ({ t, vapi } = await createVapiTestApp({ clock: () => clock }));
  });
  afterAll(() => closeVapiTestApp({ t, vapi }));

  async function person() {
    clock = new Date();
    const phone = `+1415555${String(phoneCounter++).padStart(4, '0')}`;
    const { token } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, {
      overrideAccounts: verizonUser(clock.toISOString().slice(0, 10)),
    });
    return { token, phone };
  }
  const verizon = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: negotiationRoutes.negotiable.path,
      headers: bearer(token),
    });
    const offer = (response.json() as NegotiationOffer[]).find((o) => o.service_name === 'Verizon');
    expect(offer).toBeDefined();
    return offer!;
  };
  /** Gives Verizon's PIN and last four, and lets the job place the call. */
  async function placeCall(token: string, pin = '5827') {
    const offer = await verizon(token);
    const before = vapi.calls.length;
    const response = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: offer.subscription_id,
        requiredInfo: { account_pin: pin, payment_method_last_four: '4242' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.runQueuedJobs();
    expect(vapi.calls.length).toBe(before + 1);
    return { offer, vapiCall: vapi.calls.at(-1)! };
  }
  const deliver = (delivery: VapiDelivery, headers?: Record<string, string>) =>
    deliverTo(t, delivery, headers);
  const callRows = async (subscriptionId: string) =>
    (
      await t.database.executeSql(
        `select c.id, c.attempt, c.stage, c.provider_call_id, c.error->>'code' as code,
                c.record->>'recordingUrl' as recording, c.record->>'transcript' as transcript
           from negotiation_calls c join negotiations n on n.id = c.negotiation_id
          where n.subscription_id = '${subscriptionId}' order by c.attempt`,
      )
    ).rows;

  it('places one outbound call with a transient assistant built from the call user info', async () => {
    const { token, phone } = await person();
    const { offer, vapiCall } = await placeCall(token);
    const payload = vapiCall.payload as {
      phoneNumberId: string;
      customer: { number: string };
      assistant: {
        maxDurationSeconds: number;
        firstMessageMode: string;
        voice: { provider: string; voiceId: string };
        model: {
          messages: { role: string; content: string }[];
          tools: { type: string; function?: { name: string } }[];
        };
        server: { url: string; headers: Record<string, string> };
        serverMessages: string[];
        metadata: { billowCallId: string };
        analysisPlan: {
          structuredDataPlan: { enabled: boolean; schema: { properties: object } };
        };
      };
    };
    expect(payload.phoneNumberId).toBe(VAPI_PHONE_NUMBER_ID);
    expect(payload.customer.number).toBe(merchantById.get(offer.merchant_id)!.negotiation!.phone);
    const { assistant } = payload;
    expect(assistant.maxDurationSeconds).toBe(1800);
    expect(assistant.firstMessageMode).toBe('assistant-waits-for-user');
    expect(assistant.voice).toEqual({ provider: 'vapi', voiceId: expect.any(String) });
    expect(assistant.model.tools.map((tool) => tool.type).sort()).toEqual([
      'dtmf',
      'endCall',
      'function',
    ]);
    const prompt = assistant.model.messages[0]!.content;
    expect(assistant.model.messages[0]!.role).toBe('system');
    expect(prompt).toContain('$75.00 a month');
    expect(prompt).toContain(phone);
    expect(prompt).toContain('5827');
    expect(prompt).toMatch(/never agree to anything that raises the bill/i);
    expect(prompt).toMatch(/never change, upgrade, downgrade or renew the plan/i);
    expect(assistant.server).toEqual({
      url: 'https://billow.example/api/vapi/webhook',
      headers: { 'x-vapi-secret': VAPI_WEBHOOK_SECRET },
    });
    expect(assistant.serverMessages.sort()).toEqual([
      'conversation-update',
      'end-of-call-report',
      'status-update',
      'tool-calls',
    ]);
    expect(assistant.analysisPlan.structuredDataPlan.enabled).toBe(true);
    expect(Object.keys(assistant.analysisPlan.structuredDataPlan.schema.properties)).toEqual(
      expect.arrayContaining([
        'successful',
        'originalRate',
        'finalRate',
        'monthlySavings',
        'freeMonths',
      ]),
    );

    const rows = await callRows(offer.subscription_id);
    expect(rows).toEqual([
      expect.objectContaining({
        id: assistant.metadata.billowCallId,
        stage: 'initializing',
        provider_call_id: vapiCall.id,
      }),
    ]);
    // The answers went to the call, never into a log line.
    expect(JSON.stringify(t.logs)).not.toMatch(PIN_WRITTEN);
    expect((await verizon(token)).status).toBe('IN_PROGRESS');
  });

  it('maps server messages onto stages and the call record, and ends SUCCESSFUL', async () => {
    const { token } = await person();
    const { offer, vapiCall } = await placeCall(token);
    const stage = async () => (await verizon(token)).call?.stage;

    expect((await deliver(vapi.statusUpdate(vapiCall.id, 'ringing'))).statusCode).toBe(200);
    expect(await stage()).toBe('dialing');
    await deliver(vapi.statusUpdate(vapiCall.id, 'in-progress'));
    expect(await stage()).toBe('connected');
    // The conversation so far shows while the call runs, turn by turn.
    expect((await deliver(vapi.conversationUpdate(vapiCall.id, 1))).statusCode).toBe(200);
    expect((await verizon(token)).call?.messages.map((m) => m.role)).toEqual(['user']);
    await deliver(vapi.conversationUpdate(vapiCall.id, 2));
    const live = (await verizon(token)).call!;
    expect(live.stage).toBe('connected');
    expect(live.messages.map((m) => m.message)).toEqual([
      expect.stringContaining('customer loyalty'),
      expect.stringContaining('Hi Dana'),
    ]);
    const tool = await deliver(
      vapi.toolCalls(vapiCall.id, [
        { name: 'report_call_stage', arguments: { stage: 'authenticating' } },
      ]),
    );
    expect(tool.statusCode).toBe(200);
    expect(tool.json()).toEqual({
      results: [
        {
          toolCallId: expect.stringMatching(/^call_/),
          name: 'report_call_stage',
          result: 'Noted.',
        },
      ],
    });
    expect(await stage()).toBe('authenticating');
    await deliver(
      vapi.toolCalls(vapiCall.id, [
        { name: 'report_call_stage', arguments: { stage: 'negotiating' } },
      ]),
    );
    expect(await stage()).toBe('negotiating');
    // A late, out-of-order status never moves the call back.
    await deliver(vapi.statusUpdate(vapiCall.id, 'ringing'));
    expect(await stage()).toBe('negotiating');

    const report = vapi.endOfCallReport(vapiCall.id, {
      endedReason: 'assistant-ended-call',
      structuredData: DEAL,
      summary: 'Verizon took $10 a month off for 12 months.',
    });
    expect((await deliver(report)).statusCode).toBe(200);
    await t.runQueuedJobs();
    const done = await verizon(token);
    expect(done).toMatchObject({
      status: 'SUCCESSFUL',
      successful_savings: 120,
      savings_type: 'PRICE_REDUCTION_AMOUNT',
    });
    expect(done.call?.stage).toBe('completed');
    expect(done.call?.summary).toBe('Verizon took $10 a month off for 12 months.');
    expect(done.call?.messages[0]).toEqual({
      role: 'user',
      message: expect.stringContaining('customer loyalty'),
      secondsFromStart: 0,
    });
    expect(done.call?.messages[1]?.role).toBe('assistant');
    const [row] = await callRows(offer.subscription_id);
    expect(row).toMatchObject({
      stage: 'completed',
      // No recording is asked for or kept: the agent reads verification details aloud.
      recording: null,
    });
    expect(String(row!.transcript)).toContain('AI: Hi Dana');

    // The same report again changes nothing.
    const { rows: before } = await t.database.executeSql(
      'select count(*)::int as n from negotiation_events',
    );
    await deliver(report);
    await t.runQueuedJobs();
    const { rows: after } = await t.database.executeSql(
      'select count(*)::int as n from negotiation_events',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await verizon(token)).successful_savings).toBe(120);
  });

  it('reads a tool call’s arguments sent as a JSON string too, as OpenAI’s format has them', async () => {
    const { token } = await person();
    const { vapiCall } = await placeCall(token);
    await deliver(vapi.statusUpdate(vapiCall.id, 'in-progress'));
    const stringArguments = vapi.message(vapiCall.id, {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_string_arguments',
          type: 'function',
          function: { name: 'report_call_stage', arguments: '{"stage":"negotiating"}' },
        },
      ],
    });
    expect((await deliver(stringArguments)).json()).toEqual({
      results: [
        { toolCallId: 'call_string_arguments', name: 'report_call_stage', result: 'Noted.' },
      ],
    });
    expect((await verizon(token)).call?.stage).toBe('negotiating');
  });

  it('refuses a webhook with a wrong or missing secret, changing nothing', async () => {
    const { token } = await person();
    const { vapiCall } = await placeCall(token);
    const report = vapi.endOfCallReport(vapiCall.id, {
      endedReason: 'assistant-ended-call',
      structuredData: DEAL,
    });
    const wrong = await deliver(report, {
      'content-type': 'application/json',
      'x-vapi-secret': `${VAPI_WEBHOOK_SECRET.slice(0, -1)}x`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    const missing = await deliver(report, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(401);
    await t.runQueuedJobs();
    expect((await verizon(token)).status).toBe('IN_PROGRESS');
  });

  it('ends REJECTED when the merchant refuses, and turns down a plan change', async () => {
    const a = await person();
    const first = await placeCall(a.token);
    await deliver(
      vapi.endOfCallReport(first.vapiCall.id, {
        endedReason: 'customer-ended-call',
        structuredData: {
          successful: false,
          originalRate: 75,
          rejectionReason: 'Verizon has no retention offers on this plan.',
        },
      }),
    );
    await t.runQueuedJobs();
    expect(await verizon(a.token)).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'Verizon has no retention offers on this plan.',
    });

    const b = await person();
    const second = await placeCall(b.token);
    await deliver(
      vapi.endOfCallReport(second.vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: { ...DEAL, changesPlan: true },
      }),
    );
    await t.runQueuedJobs();
    const turnedDown = await verizon(b.token);
    expect(turnedDown.status).toBe('REJECTED');
    expect(turnedDown.rejection_reason).toContain('raise the bill or change the plan');
  });

  it("turns down a deal outside the bill's bounds, whatever the call analysis reports", async () => {
    const reports = [
      // The repro: twelve free months of a "$99,999 a month" bill.
      { successful: true, originalRate: 99_999, freeMonths: 12 },
      { successful: true, originalRate: 75, freeMonths: 240 },
      { successful: true, originalRate: 75, finalRate: -5, monthlySavings: 80 },
      { successful: true, originalRate: 9_999, finalRate: 0, monthlySavings: 9_999 },
    ];
    for (const structuredData of reports) {
      const { token } = await person();
      const { offer, vapiCall } = await placeCall(token);
      await deliver(
        vapi.endOfCallReport(vapiCall.id, { endedReason: 'assistant-ended-call', structuredData }),
      );
      await t.runQueuedJobs();
      const done = await verizon(token);
      expect(done.status, JSON.stringify(structuredData)).toBe('REJECTED');
      expect(done.rejection_reason).toMatch(
        /^Billow could not confirm Verizon's offer: .+, so it was not counted as savings\.$/,
      );
      expect(done.successful_savings).toBeNull();
      expect(done.negotiated_price).toBeNull();
      const { rows } = await t.database.executeSql(
        `select count(*)::int as n from savings_ledger where subscription_id = '${offer.subscription_id}'`,
      );
      expect(rows[0]!.n).toBe(0);
      const { rows: rewards } = await t.database.executeSql(
        `select count(*)::int as n from reward_ledger where subscription_id = '${offer.subscription_id}'`,
      );
      expect(rewards[0]!.n).toBe(0);
    }
  });

  it("values free months at the bill's own rate", async () => {
    const { token } = await person();
    const { vapiCall } = await placeCall(token);
    await deliver(
      vapi.endOfCallReport(vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: { successful: true, originalRate: 75.5, freeMonths: 2 },
      }),
    );
    await t.runQueuedJobs();
    expect(await verizon(token)).toMatchObject({ status: 'SUCCESSFUL', successful_savings: 150 });
  });

  it('asks the person again when the merchant wants a texted code', async () => {
    const { token } = await person();
    const { vapiCall } = await placeCall(token);
    await deliver(
      vapi.endOfCallReport(vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: {
          successful: false,
          originalRate: 75,
          missingInformation: 'verification_code',
          missingInformationPrompt: 'The code Verizon just texted you',
        },
      }),
    );
    await t.runQueuedJobs();
    expect(await verizon(token)).toMatchObject({
      status: 'USER_INPUT_REQUIRED',
      required_user_info: { verification_code: 'The code Verizon just texted you' },
    });
  });

  it('retries a busy line with a new call, then succeeds', async () => {
    const { token } = await person();
    const { offer, vapiCall } = await placeCall(token);
    await deliver(vapi.endOfCallReport(vapiCall.id, { endedReason: 'customer-busy' }));
    await t.runQueuedJobs();
    const retry = vapi.calls.at(-1)!;
    expect(retry.id).not.toBe(vapiCall.id);
    expect((await verizon(token)).status).toBe('IN_PROGRESS');
    await deliver(
      vapi.endOfCallReport(retry.id, { endedReason: 'assistant-ended-call', structuredData: DEAL }),
    );
    await t.runQueuedJobs();
    expect((await verizon(token)).status).toBe('SUCCESSFUL');
    expect(
      (await callRows(offer.subscription_id)).map((r) => [r.attempt, r.stage, r.code]),
    ).toEqual([
      [1, 'failed', 'PROVIDER_UNREACHABLE'],
      [2, 'completed', null],
    ]);
  });

  it('never dials a placeholder number: the offer ends with a reason, no call placed', async () => {
    const { token } = await person();
    const before = vapi.calls.length;
    const enabled = await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileSettings.path,
      headers: bearer(token),
      payload: { is_bill_negotiation_enabled: true },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await t.runQueuedJobs();
    expect(vapi.calls.length).toBe(before);
    const offers = (
      await t.app.inject({
        method: 'GET',
        url: negotiationRoutes.negotiable.path,
        headers: bearer(token),
      })
    ).json() as NegotiationOffer[];
    const test = offers.find((o) => o.service_name === 'TEST_MERCHANT')!;
    expect(test.status).toBe('REJECTED');
    expect(test.rejection_reason).toBe(
      'Billow could not finish the call: Billow is not set up to place calls.',
    );
    expect((await callRows(test.subscription_id)).map((c) => c.code)).toEqual([
      'CONFIGURATION_ERROR',
    ]);
  });

  it('refuses a call Vapi will not place with the right error code', async () => {
    const { token } = await person();
    const offer = await verizon(token);
    vapi.failNextCreate(401);
    const before = vapi.calls.length;
    await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: offer.subscription_id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    await t.runQueuedJobs();
    expect(vapi.calls.length).toBe(before);
    const done = await verizon(token);
    expect(done.status).toBe('REJECTED');
    expect(done.rejection_reason).toContain('refused our credentials');
  });

  describe('a call left hanging', () => {
    const watch = async (subscriptionId: string, attempt = 1) => {
      const { rows } = await t.database.executeSql(
        `select id from negotiations where subscription_id = '${subscriptionId}'`,
      );
      await t.jobs.queue.send('negotiation-watch-call', {
        negotiationId: String(rows[0]!.id),
        attempt,
      });
      await t.runQueuedJobs();
    };

    it('learns how a call ended from Vapi when its webhook never came', async () => {
      const { token } = await person();
      const { offer, vapiCall } = await placeCall(token);
      // The server was down when Vapi posted the report: only Vapi knows the call ended.
      vapi.endOfCallReport(vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: DEAL,
      });
      clock = new Date(clock.getTime() + 36 * 60 * 1000);
      await watch(offer.subscription_id);
      expect(await verizon(token)).toMatchObject({ status: 'SUCCESSFUL', successful_savings: 120 });
    });

    it('waits while Vapi says the call is live, then fails it with CALL_TIMEOUT and retries', async () => {
      const { token } = await person();
      const { offer, vapiCall } = await placeCall(token);
      await deliver(vapi.statusUpdate(vapiCall.id, 'in-progress'));
      clock = new Date(clock.getTime() + 36 * 60 * 1000);
      await watch(offer.subscription_id);
      expect((await verizon(token)).status).toBe('IN_PROGRESS');
      expect(vapi.calls.at(-1)!.id).toBe(vapiCall.id);
      // Long past twice the limit and still no end: the call is given up, and tried again.
      clock = new Date(clock.getTime() + 30 * 60 * 1000);
      await watch(offer.subscription_id);
      const rows = await callRows(offer.subscription_id);
      expect(rows.map((r) => [r.attempt, r.stage, r.code])).toEqual([
        [1, 'failed', 'CALL_TIMEOUT'],
        [2, 'initializing', null],
      ]);
      // Its late report changes nothing any more.
      await deliver(
        vapi.endOfCallReport(vapiCall.id, {
          endedReason: 'assistant-ended-call',
          structuredData: DEAL,
        }),
      );
      expect((await callRows(offer.subscription_id))[0]!.stage).toBe('failed');
    });

    it('never places a second call when the server died between placing and recording it', async () => {
      const { token } = await person();
      const { offer, vapiCall } = await placeCall(token);
      const [row] = await callRows(offer.subscription_id);
      // The state a crash right after POST /call leaves: the call placed, its id not recorded.
      await t.database.executeSql(
        `update negotiation_calls set provider_call_id = null where id = '${String(row!.id)}'`,
      );
      const { rows } = await t.database.executeSql(
        `select id from negotiations where subscription_id = '${offer.subscription_id}'`,
      );
      const callsBefore = vapi.calls.length;
      const negotiationId = String(rows[0]!.id);
      await t.jobs.queue.send(
        'negotiation-process-request',
        { negotiationId, attempt: 1, try: 1 },
        { singletonKey: `${negotiationId}:1` },
      );
      await t.runQueuedJobs();
      expect(vapi.calls.length).toBe(callsBefore);
      expect((await callRows(offer.subscription_id))[0]!.provider_call_id).toBe(vapiCall.id);
      await deliver(
        vapi.endOfCallReport(vapiCall.id, {
          endedReason: 'assistant-ended-call',
          structuredData: DEAL,
        }),
      );
      await t.runQueuedJobs();
      expect((await verizon(token)).status).toBe('SUCCESSFUL');
    });
  });
});
