/**
 * Cancelling by phone with the Vapi call agent, against a local fake of Vapi's API
 * (docs/cancellations.md): the cancellation assistant Billow asks for, the server messages that
 * move the call and end it CONFIRMED with the merchant's number, a refusal that fails it with
 * the reason, and a call whose webhook never came, learnt from Vapi by the watchdog. The answers
 * given for the call never stay in what it keeps.
 */
import {
  cancellationOf,
  cancellationRoutes,
  merchantById,
  subscriptionRoutes,
  type Cancellation,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { closeVapiTestApp, createVapiTestApp, deliverTo } from '../../../test/vapi-test-app';
import { checkingWithBills, linkSandboxItem, VERIZON_BILL } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import type { FakeVapi, VapiDelivery } from '../../../test/fakes/fake-vapi';

/** The PIN as a number of its own: not the same digits inside a time stamp (epoch ms). */
const PIN_WRITTEN = /(?<!\d)5827(?!\d)/;

describe('cancelling by phone through Vapi (a local fake)', () => {
  let t: TestApp;
  let vapi: FakeVapi;
  let clock = new Date();
  let phoneCounter = 800;

  beforeAll(async () => {
    ({ t, vapi } = await createVapiTestApp({ clock: () => clock }));
  });
  afterAll(() => closeVapiTestApp({ t, vapi }));

  /** Someone paying Verizon monthly who asks Billow to cancel it by phone. */
  async function callPlaced(allowRetentionOffer = false) {
    clock = new Date();
    const today = clock.toISOString().slice(0, 10);
    const { token } = await signIn(t.app, `+1415556${String(phoneCounter++).padStart(4, '0')}`);
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        checkingWithBills(today, [VERIZON_BILL], {
          mask: '1111',
          months: 8,
          startingBalance: 3000,
        }),
      ],
    });
    const bills = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    const verizon = bills.find((b) => b.merchant_name === 'Verizon')!;
    const before = vapi.calls.length;
    const asked = await t.app.inject({
      method: 'POST',
      url: cancellationRoutes.cancel.path,
      headers: bearer(token),
      payload: {
        subscriptionId: verizon.id,
        method: 'call',
        allowRetentionOffer,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.runQueuedJobs();
    expect(vapi.calls.length).toBe(before + 1);
    const current = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: cancellationRoutes.list.path,
            headers: bearer(token),
          })
        ).json() as Cancellation[]
      )[0]!;
    return { token, verizon, vapiCall: vapi.calls.at(-1)!, current };
  }
  const deliver = (delivery: VapiDelivery) => deliverTo(t, delivery);

  it('asks a cancellation assistant to cancel, never to take an offer, and ends CONFIRMED with the number', async () => {
    const { vapiCall, current } = await callPlaced();
    const payload = vapiCall.payload as {
      customer: { number: string };
      assistant: {
        model: { messages: { content: string }[] };
        metadata: { billowCallId: string; purpose: string };
        analysisPlan: { structuredDataPlan: { schema: { properties: object } } };
      };
    };
    const verizon = [...merchantById.values()].find((m) => m.slug === 'verizon')!;
    expect(payload.customer.number).toBe(cancellationOf(verizon).phone);
    const prompt = payload.assistant.model.messages[0]!.content;
    expect(prompt).toMatch(/Your one goal: cancel this subscription/);
    expect(prompt).toMatch(/Decline every offer to stay/);
    expect(prompt).toContain('5827');
    expect(payload.assistant.metadata.purpose).toBe('cancellation');
    expect(
      Object.keys(payload.assistant.analysisPlan.structuredDataPlan.schema.properties),
    ).toEqual(
      expect.arrayContaining(['cancelled', 'confirmationNumber', 'retentionOfferAccepted']),
    );
    expect(await current()).toMatchObject({
      status: 'IN_PROGRESS',
      call: { stage: 'initializing' },
    });

    await deliver(vapi.statusUpdate(vapiCall.id, 'in-progress'));
    expect((await current()).call?.stage).toBe('connected');
    await deliver(
      vapi.toolCalls(vapiCall.id, [
        { name: 'report_call_stage', arguments: { stage: 'negotiating' } },
      ]),
    );
    expect((await current()).call?.stage).toBe('negotiating');
    const report = await deliver(
      vapi.endOfCallReport(vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: { cancelled: true, confirmationNumber: 'VZ-778899' },
        summary: 'Verizon cancelled the line; the account PIN 5827 was verified.',
        conversation: [
          ['user', 'Verizon, this is Sam. What can I do for you?'],
          ['bot', 'I am calling to cancel. The PIN is 5827.'],
          ['user', 'Done. Your confirmation number is VZ-778899.'],
        ],
      }),
    );
    expect(report.statusCode).toBe(200);
    await t.runQueuedJobs();
    const done = await current();
    expect(done).toMatchObject({
      status: 'CONFIRMED',
      confirmation_number: 'VZ-778899',
      call: { stage: 'completed', is_reconnecting: false },
    });
    // What the call keeps has the answers taken out.
    expect(JSON.stringify(done)).not.toMatch(PIN_WRITTEN);
    const { rows } = await t.database.executeSql(
      `select messages::text || coalesce(record::text, '') as kept from cancellation_calls
        where provider_call_id = $1`,
      [vapiCall.id],
    );
    expect(String(rows[0]!.kept)).not.toMatch(PIN_WRITTEN);
    expect(String(rows[0]!.kept)).toContain('VZ-778899');
  });

  it('fails with the reason when the merchant will not cancel, and with the offer when it was allowed', async () => {
    const refused = await callPlaced();
    await deliver(
      vapi.endOfCallReport(refused.vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: {
          cancelled: false,
          refusalReason: 'Verizon cancels lines only in a store.',
        },
      }),
    );
    await t.runQueuedJobs();
    expect(await refused.current()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Verizon cancels lines only in a store.',
    });

    const kept = await callPlaced(true);
    expect(
      (kept.vapiCall.payload as { assistant: { model: { messages: { content: string }[] } } })
        .assistant.model.messages[0]!.content,
    ).toMatch(/you may accept it instead of cancelling/);
    await deliver(
      vapi.endOfCallReport(kept.vapiCall.id, {
        endedReason: 'assistant-ended-call',
        structuredData: {
          cancelled: false,
          retentionOfferAccepted: true,
          retentionOffer: '50% off for 6 months',
        },
      }),
    );
    await t.runQueuedJobs();
    expect((await kept.current()).failure_reason).toContain('50% off for 6 months');
  });

  it('learns how a call ended from Vapi when its webhook never came', async () => {
    const { vapiCall, current } = await callPlaced();
    // The server was down when Vapi posted the report: only Vapi knows the call ended.
    vapi.endOfCallReport(vapiCall.id, {
      endedReason: 'assistant-ended-call',
      structuredData: { cancelled: true, confirmationNumber: 'VZ-1234' },
    });
    clock = new Date(clock.getTime() + 36 * 60 * 1000);
    await t.database.executeSql(
      `update pgboss.job set start_after = now() - interval '1 second'
        where name = 'cancellation-watch-call' and state = 'created'`,
    );
    await t.runQueuedJobs();
    expect(await current()).toMatchObject({ status: 'CONFIRMED', confirmation_number: 'VZ-1234' });
  });
});
