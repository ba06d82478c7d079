/**
 * The answers a person types for a negotiation never come back out of a call: with the Vapi call
 * agent (against its local fake), a merchant and an agent who repeat the SSN and the PIN in every
 * spacing, in the conversation, the transcript, the summary and the analysis, leave no trace of
 * them in the database, the negotiations the person reads, their data export, the texts Billow
 * sends or the logs.
 */
import { strFromU8, unzipSync } from 'fflate';
import { negotiationRoutes, userRoutes, type NegotiationOffer } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test-app';
import { closeVapiTestApp, createVapiTestApp, deliverTo } from './vapi-test-app';
import { checkingWithBills, linkSandboxItem, VERIZON_BILL } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { type Conversation, type FakeVapi, type VapiDelivery } from './fakes/fake-vapi';

const SSN = '123-45-6789';
const PIN = '5827';

/** The ways a call can say the SSN and the PIN back. */
const ECHOES: Conversation = [
  ['user', 'Loyalty desk. I need the PIN and the social to verify.'],
  ['bot', `The PIN is ${PIN} and the social security number is ${SSN}.`],
  ['user', 'Let me repeat that: 1 2 3 4 5 6 7 8 9, and PIN 5 8 2 7.'],
  ['bot', 'Yes, one two three, four five, six seven eight nine.'],
  ['user', 'So 123 45 6789, one two three four five six seven eight nine. Verified.'],
  ['bot', 'Thank you. Can you lower the bill?'],
];

/** Any trace of a value: its letters and digits in order, whatever stands between them. */
function traces(text: string): string[] {
  const squeezed = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const words = text
    .toLowerCase()
    .replace(/one/g, '1')
    .replace(/two/g, '2')
    .replace(/three/g, '3')
    .replace(/four/g, '4')
    .replace(/five/g, '5')
    .replace(/six/g, '6')
    .replace(/seven/g, '7')
    .replace(/eight/g, '8')
    .replace(/nine/g, '9')
    .replace(/[^a-z0-9]/g, '');
  const found: string[] = [];
  for (const [name, value] of [
    ['ssn', '123456789'],
    ['ssn-last-four', 'ending6789'],
    ['pin', `pin${PIN}`],
  ] as const) {
    if (squeezed.includes(value) || words.includes(value)) found.push(name);
  }
  return found;
}

const verizonAccounts = (today: string) => [
  checkingWithBills(today, [VERIZON_BILL], { mask: '1111', months: 8, startingBalance: 3000 }),
];

describe('what a call says back (Vapi, a local fake)', () => {
  let t: TestApp;
  let vapi: FakeVapi;
  let token: string;
  let offer: NegotiationOffer;

  const deliver = (delivery: VapiDelivery) => deliverTo(t, delivery);
  const offers = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: negotiationRoutes.negotiable.path,
        headers: bearer(token),
      })
    ).body;
  const submit = async (requiredInfo: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: { subscriptionId: offer.subscription_id, requiredInfo },
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.runQueuedJobs();
    return vapi.calls.at(-1)!;
  };

  beforeAll(async () => {
    ({ t, vapi } = await createVapiTestApp({ env: { LOG_LEVEL: 'debug' } }));
    ({ token } = await signIn(t.app, '+14155550942'));
    await linkSandboxItem(t, token, {
      overrideAccounts: verizonAccounts(new Date().toISOString().slice(0, 10)),
    });
    await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileSettings.path,
      headers: bearer(token),
      payload: { is_subscription_notifications_enabled: true },
    });
    offer = (JSON.parse(await offers()) as NegotiationOffer[]).find(
      (o) => o.service_name === 'Verizon',
    )!;

    // The first call ends asking for the SSN and the date of birth; the second gets them.
    const first = await submit({ account_pin: PIN, payment_method_last_four: '4242' });
    await deliver(
      vapi.endOfCallReport(first.id, {
        endedReason: 'assistant-ended-call',
        structuredData: {
          successful: false,
          originalRate: 75,
          missingInformation: 'social_security_number',
          missingInformationPrompt: `Verizon asks for the SSN (not ${PIN})`,
        },
        conversation: [['bot', `The PIN is ${PIN}.`]],
      }),
    );
    await t.runQueuedJobs();
    const second = await submit({ social_security_number: SSN });
    await deliver(vapi.statusUpdate(second.id, 'in-progress'));
    await deliver(vapi.conversationUpdate(second.id, ECHOES.length, ECHOES));
    await deliver(
      vapi.endOfCallReport(second.id, {
        endedReason: 'customer-ended-call',
        summary: `The agent verified with SSN 123 45 6789 (ending in 6789) and PIN ${PIN}; Verizon refused.`,
        structuredData: {
          successful: false,
          originalRate: 75,
          rejectionReason: `Verizon would not discount account 1-2-3-4-5-6-7-8-9 with PIN ${PIN}.`,
        },
        conversation: ECHOES,
      }),
    );
    await t.runQueuedJobs();
  });
  afterAll(() => closeVapiTestApp({ t, vapi }));

  it('gives the agent the answers with the rule to read them only to the merchant', () => {
    const assistant = vapi.calls.at(-1)!.payload.assistant as {
      model: { messages: { content: string }[] };
      analysisPlan: { summaryPlan: { messages: { content: string }[] } };
      artifactPlan: { recordingEnabled: boolean };
    };
    const prompt = assistant.model.messages[0]!.content;
    expect(prompt).toContain(SSN);
    expect(prompt).toContain("only to the merchant's representative");
    expect(prompt).toContain('never say them in a summary');
    expect(assistant.analysisPlan.summaryPlan.messages[0]!.content).toContain(
      'Never include an account number, PIN',
    );
    expect(assistant.artifactPlan.recordingEnabled).toBe(false);
  });

  it('keeps none of them in any table, and no recording of the call', async () => {
    const { rows } = await t.database.executeSql(
      `select row_to_json(t)::text as row from (
         select messages, record, outcome, error from negotiation_calls
         union all select null, to_jsonb(reason), null, null from negotiation_events
         union all select null, to_jsonb(rejection_reason), to_jsonb(required_user_info), null from negotiations
       ) t`,
    );
    const dump = rows.map((r) => String(r.row)).join('\n');
    expect(dump).toContain('[redacted]');
    expect(dump).toContain('Verizon refused');
    expect(traces(dump)).toEqual([]);
    const { rows: recordings } = await t.database.executeSql(
      `select record->>'recordingUrl' as url from negotiation_calls where record is not null`,
    );
    expect(recordings.map((r) => r.url)).toEqual([null, null]);
  });

  it('returns none of them in the negotiations, the export, the texts or the logs', async () => {
    const listed = await offers();
    expect(listed).toContain('REJECTED');
    expect(listed).toContain('[redacted]');
    expect(traces(listed)).toEqual([]);

    const exported = await t.app.inject({
      method: 'GET',
      url: userRoutes.exportData.path,
      headers: bearer(token),
    });
    expect(exported.statusCode).toBe(200);
    const files = Object.values(unzipSync(new Uint8Array(exported.rawPayload))).map((bytes) =>
      strFromU8(bytes),
    );
    expect(files.join('\n')).toContain('Verizon would not discount');
    expect(traces(files.join('\n'))).toEqual([]);

    const { rows: texts } = await t.database.executeSql(
      `select body from outbox_messages where body like '%Verizon%'`,
    );
    expect(texts.length).toBeGreaterThan(0);
    expect(traces(texts.map((r) => String(r.body)).join('\n'))).toEqual([]);

    expect(traces(t.logs.map((line) => JSON.stringify(line)).join('\n'))).toEqual([]);
  });
});
