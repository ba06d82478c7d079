import {
  bankingRoutes,
  negotiationRoutes,
  savingsRoutes,
  subscriptionRoutes,
  userRoutes,
  type NegotiationOffer,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

/** Monthly bills: Verizon (asks for a PIN and last four), TEST_MERCHANT, Planet Fitness, Spotify. */
function customUser(today: string) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => dayFrom(today, -30 * month - offset);
    transactions.push(customTransaction(day(4), 'VERIZON WIRELESS PAYMENT', 75));
    transactions.push(customTransaction(day(6), 'TEST_MERCHANT MONTHLY', 50));
    transactions.push(customTransaction(day(8), 'PLANET FITNESS CLUB FEES', 24.99));
    transactions.push(customTransaction(day(10), 'SPOTIFY USA 877-7781161 NY', 11.99));
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

describe('bill negotiation over HTTP with the simulated call agent', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T12:00:00Z');
  const today = '2026-11-20';
  let phoneCounter = 300;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: { SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' },
    });
  });
  afterAll(() => t.close());

  async function person() {
    const phone = `+1415555${String(phoneCounter++).padStart(4, '0')}`;
    const { token, user } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, { overrideAccounts: customUser(today) });
    return { token, phone, userId: user.userId };
  }
  const offers = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: negotiationRoutes.negotiable.path,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as NegotiationOffer[];
  };
  const offerOf = async (token: string, name: string) => {
    const offer = (await offers(token)).find((o) => o.service_name === name);
    expect(offer, name).toBeDefined();
    return offer!;
  };
  const submit = (token: string, subscriptionId: string, requiredInfo: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: { subscriptionId, requiredInfo },
    });
  /** The banner's figures: saved (shown by the bank) and promised (not yet shown). */
  const banner = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: savingsRoutes.lifetime.path,
        headers: bearer(token),
      })
    ).json() as { lifetime_savings: number; promised_savings: number };
  const lifetime = async (token: string) => (await banner(token)).lifetime_savings;
  const texts = async (phone: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as { body: string }[];
  /** Gives Verizon's PIN (and a valid last four) and lets the call run to its end. */
  async function negotiateVerizon(token: string, pin: string) {
    const verizon = await offerOf(token, 'Verizon');
    const response = await submit(token, verizon.subscription_id, {
      account_pin: pin,
      payment_method_last_four: '4242',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'IN_PROGRESS' });
    expect((await offerOf(token, 'Verizon')).status).toBe('IN_PROGRESS');
    await t.runQueuedJobs();
    return offerOf(token, 'Verizon');
  }

  it('reports the transactions loaded only once the offers are made, so the dashboard opens with them', async () => {
    const phone = `+1415555${String(phoneCounter++).padStart(4, '0')}`;
    const { token } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, { overrideAccounts: customUser(today) }, { sync: false });
    const loaded = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: bankingRoutes.transactionLoadStatus.path,
          headers: bearer(token),
        })
      ).json().transactionsLoaded as boolean;

    expect(await t.runQueuedJobs(['bank-transaction-sync', 'subscriptions-detect'])).toEqual([
      'bank-transaction-sync',
      'subscriptions-detect',
    ]);
    // The bills are found; their offers are still being made.
    expect(await offers(token)).toEqual([]);
    expect(await loaded()).toBe(false);

    expect(await t.runQueuedJobs()).toContain('negotiations-refresh-offers');
    expect(await loaded()).toBe(true);
    expect((await offers(token)).map((o) => o.service_name)).toContain('Verizon');
  });

  it('makes one offer per negotiable ACTIVE bill, asking only what the merchant needs', async () => {
    const { token, phone } = await person();
    const list = await offers(token);
    expect(list.map((o) => o.service_name).sort()).toEqual([
      'Planet Fitness',
      'TEST_MERCHANT',
      'Verizon',
    ]);
    const verizon = list.find((o) => o.service_name === 'Verizon')!;
    expect(verizon).toMatchObject({
      status: 'USER_INPUT_REQUIRED',
      merchant_id: 1,
      current_price: 75,
      target_price: 65,
      estimated_savings: 120,
      subscription_cadence: 'MONTHLY',
      call: null,
    });
    expect(Object.keys(verizon.required_user_info!).sort()).toEqual([
      'account_pin',
      'payment_method_last_four',
    ]);
    expect(verizon.eligibility_criteria.length).toBeGreaterThan(0);
    expect(verizon.estimated_completion).not.toBeNull();
    // No information needed, and negotiation is off by default: it waits.
    expect(list.find((o) => o.service_name === 'TEST_MERCHANT')).toMatchObject({
      status: 'PENDING',
      required_user_info: null,
    });

    // Detection again (another sync) never duplicates an offer.
    const { rows } = await t.database.executeSql(
      `select id from users where phone_number = '${phone}'`,
    );
    await t.modules.subscriptions.service.detectForUser(String(rows[0]!.id));
    await t.runQueuedJobs();
    expect((await offers(token)).length).toBe(3);
  });

  it('refuses bad answers field by field and stores nothing', async () => {
    const { token } = await person();
    const verizon = await offerOf(token, 'Verizon');
    const response = await submit(token, verizon.subscription_id, {
      account_pin: '12',
      payment_method_last_four: '12a4',
      date_of_birth: '1990-01-01',
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json() as { code: string; errors: { field: string }[] };
    expect(problem.code).toBe('required-info-invalid');
    expect(problem.errors.map((e) => e.field).sort()).toEqual([
      'account_pin',
      'date_of_birth',
      'payment_method_last_four',
    ]);
    const missing = await submit(token, verizon.subscription_id, { account_pin: '5827' });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { errors: { field: string }[] }).errors).toEqual([
      expect.objectContaining({ field: 'payment_method_last_four', message: 'Required' }),
    ]);
    expect((await offerOf(token, 'Verizon')).status).toBe('USER_INPUT_REQUIRED');
    const { rows } = await t.database.executeSql(
      `select answers_encrypted from negotiations where subscription_id = '${verizon.subscription_id}'`,
    );
    expect(rows[0]!.answers_encrypted).toBeNull();
  });

  it('answers 404 for another person’s subscription', async () => {
    const a = await person();
    const b = await person();
    const verizon = await offerOf(a.token, 'Verizon');
    const response = await submit(b.token, verizon.subscription_id, {
      account_pin: '5827',
      payment_method_last_four: '4242',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('subscription-not-found');
    expect((await offerOf(a.token, 'Verizon')).status).toBe('USER_INPUT_REQUIRED');
  });

  it('says so when the negotiation is no longer waiting for information', async () => {
    const { token } = await person();
    const verizon = await offerOf(token, 'Verizon');
    const answers = { account_pin: '5827', payment_method_last_four: '4242' };
    expect((await submit(token, verizon.subscription_id, answers)).statusCode).toBe(200);
    const again = await submit(token, verizon.subscription_id, answers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('negotiation-not-waiting');
    await t.runQueuedJobs();
  });

  it('negotiates: the call runs, the bill goes down and the banner shows the saving as promised', async () => {
    const { token, phone } = await person();
    expect(await lifetime(token)).toBe(0);
    const done = await negotiateVerizon(token, '5827');
    expect(done).toMatchObject({
      status: 'SUCCESSFUL',
      successful_savings: 120,
      savings_type: 'PRICE_REDUCTION_AMOUNT',
      negotiated_deal_expiry: '2027-11-20',
      rejection_reason: null,
    });
    expect(done.call?.stage).toBe('completed');
    expect(done.call?.messages.length).toBeGreaterThan(4);
    expect(done.call?.summary).toContain('Verizon agreed');
    expect(await banner(token)).toEqual({ lifetime_savings: 0, promised_savings: 120 });
    const subscriptions = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    expect(subscriptions.find((s) => s.merchant_name === 'Verizon')).toMatchObject({
      amount: 65,
      previous_amount: 75,
    });
    expect((await texts(phone)).some((m) => m.body.includes('Verizon lowered your bill'))).toBe(
      true,
    );

    // The answers are not readable anywhere in the database, and never logged.
    const { rows } = await t.database.executeSql(
      'select row_to_json(n)::text as row from negotiations n',
    );
    // Stored as plain text the PIN would stand alone ("5827"); inside a uuid, a timestamp or the
    // ciphertext's base64 the same four digits can turn up by chance, joined to other characters.
    const standalone = /(^|[^\w+/=-])5827($|[^\w+/=-])/;
    expect(rows.map((r) => String(r.row)).join('\n')).not.toMatch(standalone);
    expect(JSON.stringify(t.logs)).not.toMatch(standalone);

    // Running the status job again changes nothing a second time.
    const { rows: calls } = await t.database.executeSql(
      `select c.id from negotiation_calls c join negotiations n on n.id = c.negotiation_id
        where n.subscription_id = '${done.subscription_id}'`,
    );
    const { rows: eventsBefore } = await t.database.executeSql(
      'select count(*)::int as n from negotiation_events',
    );
    await t.jobs.queue.send('negotiation-handle-status', { callId: String(calls[0]!.id) });
    const negotiationId = (
      await t.database.executeSql(
        `select id from negotiations where subscription_id = '${done.subscription_id}'`,
      )
    ).rows[0]!.id as string;
    await t.jobs.queue.send(
      'negotiation-process-request',
      { negotiationId, attempt: 1, try: 1 },
      { singletonKey: `${negotiationId}:1` },
    );
    await t.runQueuedJobs();
    expect(await banner(token)).toEqual({ lifetime_savings: 0, promised_savings: 120 });
    const { rows: eventsAfter } = await t.database.executeSql(
      'select count(*)::int as n from negotiation_events',
    );
    expect(eventsAfter[0]!.n).toBe(eventsBefore[0]!.n);
    const again = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    expect(again.find((s) => s.merchant_name === 'Verizon')?.amount).toBe(65);
  });

  it('keeps the negotiated amount when the next sync still shows the old charges', async () => {
    const { token, userId } = await person();
    expect((await negotiateVerizon(token, '5827')).status).toBe('SUCCESSFUL');
    const verizon = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: subscriptionRoutes.listAll.path,
            headers: bearer(token),
          })
        ).json() as Subscription[]
      ).find((s) => s.merchant_name === 'Verizon');
    expect(await verizon()).toMatchObject({ amount: 65, previous_amount: 75 });
    // A bank sync runs detection again over the same (old-priced) charges.
    await t.modules.subscriptions.service.detectForUser(userId);
    await t.modules.subscriptions.service.detectForUser(userId);
    expect(await verizon()).toMatchObject({
      amount: 65,
      previous_amount: 75,
      is_price_increase: false,
    });
    expect(await banner(token)).toEqual({ lifetime_savings: 0, promised_savings: 120 });
  });

  it('records every status change as an event', async () => {
    const { token } = await person();
    const done = await negotiateVerizon(token, '7310');
    const { rows } = await t.database.executeSql(
      `select e.new_status, e.previous_status from negotiation_events e
        join negotiations n on n.id = e.negotiation_id
       where n.subscription_id = '${done.subscription_id}' order by e.effective_date, e.new_status`,
    );
    expect(rows.map((r) => `${String(r.previous_status)}→${String(r.new_status)}`)).toEqual([
      'null→USER_INPUT_REQUIRED',
      'USER_INPUT_REQUIRED→IN_PROGRESS',
      'IN_PROGRESS→SUCCESSFUL',
    ]);
  });

  it('ends REJECTED with the merchant’s reason when it refuses', async () => {
    const { token, phone } = await person();
    const done = await negotiateVerizon(token, '1111');
    expect(done.status).toBe('REJECTED');
    expect(done.rejection_reason).toMatch(/^Verizon declined: /);
    expect(await lifetime(token)).toBe(0);
    expect((await texts(phone)).some((m) => m.body.includes('did not lower your bill'))).toBe(true);
  });

  it('turns down a deal that would raise the bill or change the plan', async () => {
    const { token } = await person();
    const done = await negotiateVerizon(token, '3333');
    expect(done.status).toBe('REJECTED');
    expect(done.rejection_reason).toContain('raise the bill or change the plan');
    expect(await lifetime(token)).toBe(0);
  });

  it('retries a busy line and then succeeds', async () => {
    const { token } = await person();
    const done = await negotiateVerizon(token, '2222');
    expect(done.status).toBe('SUCCESSFUL');
    const { rows } = await t.database.executeSql(
      `select c.attempt, c.stage, c.error->>'code' as code from negotiation_calls c
        join negotiations n on n.id = c.negotiation_id
       where n.subscription_id = '${done.subscription_id}' order by c.attempt`,
    );
    expect(rows).toEqual([
      { attempt: 1, stage: 'failed', code: 'PROVIDER_UNREACHABLE' },
      { attempt: 2, stage: 'completed', code: null },
    ]);
  });

  it('asks again for a field the merchant did not accept', async () => {
    const { token } = await person();
    const done = await negotiateVerizon(token, '0000');
    expect(done.status).toBe('USER_INPUT_REQUIRED');
    expect(Object.keys(done.required_user_info!)).toEqual(['account_pin']);
    const fixed = await submit(token, done.subscription_id, { account_pin: '5827' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await t.runQueuedJobs();
    expect((await offerOf(token, 'Verizon')).status).toBe('SUCCESSFUL');
  });

  it('goes back to the person when the merchant texts a code, then finishes with it', async () => {
    const { token, phone } = await person();
    const done = await negotiateVerizon(token, '4444');
    expect(done.status).toBe('USER_INPUT_REQUIRED');
    expect(Object.keys(done.required_user_info!)).toEqual(['verification_code']);
    expect((await texts(phone)).some((m) => m.body.includes('needs one more thing'))).toBe(true);
    const sent = await submit(token, done.subscription_id, { verification_code: '913355' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.runQueuedJobs();
    expect((await offerOf(token, 'Verizon')).status).toBe('SUCCESSFUL');
  });

  it('starts nothing when the offers are only read', async () => {
    const { token, userId } = await person();
    // Negotiation on, but nothing has asked for calls yet (the setting was set elsewhere).
    await t.database.executeSql(
      `update users set is_bill_negotiation_enabled = true where id = $1`,
      [userId],
    );
    expect((await offerOf(token, 'TEST_MERCHANT')).status).toBe('PENDING');
    expect((await offerOf(token, 'TEST_MERCHANT')).status).toBe('PENDING');
    expect(await t.runQueuedJobs()).toEqual([]);
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from negotiation_calls c join negotiations n on n.id = c.negotiation_id
        join subscriptions s on s.id = n.subscription_id where s.user_id = $1`,
      [userId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('calls about PENDING bills once negotiation is on; TEST_MERCHANT always succeeds', async () => {
    const { token } = await person();
    const enabled = await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileSettings.path,
      headers: bearer(token),
      payload: { is_bill_negotiation_enabled: true },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await offerOf(token, 'TEST_MERCHANT')).status).toBe('IN_PROGRESS');
    await t.runQueuedJobs();
    expect(await offerOf(token, 'TEST_MERCHANT')).toMatchObject({
      status: 'SUCCESSFUL',
      savings_type: 'FREE_MONTHS',
      successful_savings: 50,
    });
  });

  it('drops the open offer of a bill marked not a subscription', async () => {
    const { token } = await person();
    const gym = await offerOf(token, 'Planet Fitness');
    const removed = await t.app.inject({
      method: 'POST',
      url: subscriptionRoutes.remove.path,
      headers: bearer(token),
      payload: { subscriptionId: gym.subscription_id },
    });
    expect(removed.statusCode).toBe(200);
    await t.runQueuedJobs();
    expect((await offers(token)).map((o) => o.service_name)).not.toContain('Planet Fitness');
  });

  it('hides the offer of a bill marked not a subscription at once, before any job runs', async () => {
    const { token } = await person();
    const gym = await offerOf(token, 'Planet Fitness');
    await t.app.inject({
      method: 'POST',
      url: subscriptionRoutes.remove.path,
      headers: bearer(token),
      payload: { subscriptionId: gym.subscription_id },
    });
    expect((await offers(token)).map((o) => o.service_name)).not.toContain('Planet Fitness');
  });
});
