/**
 * The fake Vapi is checked against Vapi's OpenAPI document at run time and its server SDK's types
 * at compile time (see fake-vapi.ts): what Vapi would refuse it answers with Vapi's 400 and
 * records, and what Vapi would not send does not typecheck (the `@ts-expect-error` lines below
 * fail the typecheck the day the fake stops refusing them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVapi, type FakeVapi } from './fake-vapi';

let vapi: FakeVapi;
beforeAll(async () => {
  vapi = await startFakeVapi();
});
afterAll(() => vapi.close());

async function createCall(payload: object) {
  const response = await fetch(`${vapi.url}/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${vapi.apiKey}` },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake Vapi', () => {
  it('refuses an outbound call without a phone number to call from or to, as Vapi does', async () => {
    expect(await createCall({ customer: { number: '+15555550123' } })).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', statusCode: 400 },
    });
    expect(await createCall({ phoneNumberId: 'pn-1', customer: {} })).toMatchObject({
      status: 400,
    });
  });

  it('refuses what Vapi’s description refuses, such as a call name over 40 characters', async () => {
    const refused = await createCall({
      name: `Billow negotiation ${'0'.repeat(36)}`,
      phoneNumberId: 'pn-1',
      customer: { number: '+15555550123' },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Bad Request' } });
    expect(vapi.takeViolations()).toEqual([
      expect.stringContaining('/name must NOT have more than 40 characters'),
    ]);
  });

  it('sends only the statuses and ended reasons Vapi has, in the server messages Vapi documents', async () => {
    const { body: call } = await createCall({
      phoneNumberId: 'pn-1',
      customer: { number: '+15555550123' },
      assistant: { server: { url: 'https://billow.example/api/vapi/webhook' } },
    });
    const id = String(call.id);
    const update = JSON.parse(vapi.statusUpdate(id, 'ringing').body) as { message: object };
    expect(update.message).toMatchObject({
      type: 'status-update',
      status: 'ringing',
      call: { id },
    });
    const tools = JSON.parse(
      vapi.toolCalls(id, [{ name: 'report_call_stage', arguments: { stage: 'negotiating' } }]).body,
    ) as { message: { toolCallList: object[] } };
    expect(tools.message.toolCallList[0]).toMatchObject({
      type: 'function',
      function: { name: 'report_call_stage', arguments: { stage: 'negotiating' } },
    });
    if (Math.random() > 2) {
      // Never run: these exist for the typecheck.
      // @ts-expect-error Vapi has no 'answered' status.
      vapi.statusUpdate(id, 'answered');
      // @ts-expect-error nor a 'hung-up' ended reason.
      vapi.endOfCallReport(id, { endedReason: 'hung-up' });
    }
  });
});
