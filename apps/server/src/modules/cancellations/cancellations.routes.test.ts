/**
 * Cancelling a subscription over HTTP on the real app with the simulated call agent
 * (docs/cancellations.md): options, a call to CONFIRMED, the person's word, the bank's watch to
 * VERIFIED or to an alert, idempotency, other people's ids, and what a call keeps.
 */
import {
  CANCELLATION_GRACE_DAYS,
  cancellationRoutes,
  savingsRoutes,
  subscriptionRoutes,
  type Cancellation,
  type CancellationOptions,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

/** The PIN as a number of its own: not the same digits inside a time stamp (epoch ms). */
const PIN_WRITTEN = /(?<!\d)5827(?!\d)/;

const TODAY = '2026-11-20';

/** Monthly bills: Verizon (asks a PIN and last four), TEST_MERCHANT, Planet Fitness, Spotify. */
function bills() {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => dayFrom(TODAY, -30 * month - offset);
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

describe('cancelling a subscription over HTTP', () => {
  let t: TestApp;
  let now = new Date(`${TODAY}T12:00:00Z`);
  let phoneCounter = 100;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: { SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' },
    });
  });
  afterAll(() => t.close());

  async function person() {
    now = new Date(`${TODAY}T12:00:00Z`);
    const phone = `+1415558${String(phoneCounter++).padStart(4, '0')}`;
    const { token, user } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, { overrideAccounts: bills() });
    const list = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    const idOf = (name: string) => list.find((s) => s.merchant_name === name)!.id;
    return { token, phone, userId: user.userId, idOf };
  }
  const options = (token: string, subscriptionId: string) =>
    t.app.inject({
      method: 'GET',
      url: `${cancellationRoutes.options.path}?subscriptionId=${subscriptionId}`,
      headers: bearer(token),
    });
  const cancel = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: cancellationRoutes.cancel.path,
      headers: bearer(token),
      payload,
    });
  const confirm = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: cancellationRoutes.confirm.path,
      headers: bearer(token),
      payload,
    });
  const list = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: cancellationRoutes.list.path,
        headers: bearer(token),
      })
    ).json() as Cancellation[];
  const savings = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: savingsRoutes.lifetime.path,
        headers: bearer(token),
      })
    ).json() as { lifetime_savings: number; promised_savings: number };
  const statusOf = async (token: string, subscriptionId: string) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: subscriptionRoutes.listAll.path,
          headers: bearer(token),
        })
      ).json() as Subscription[]
    ).find((s) => s.id === subscriptionId)?.status;
  /** A sync on `day` that brought the bank's data up to that day (and, maybe, a new charge). */
  async function syncOn(
    userId: string,
    day: string,
    ...charges: { amount: number; name: string }[]
  ) {
    now = new Date(`${day}T12:00:00Z`);
    const { rows } = await t.database.executeSql(
      `select i.id as item, a.id as account from bank_items i join bank_accounts a on a.item_id = i.id
        where i.user_id = $1 limit 1`,
      [userId],
    );
    const { item, account } = rows[0] as { item: string; account: string };
    for (const [index, charge] of charges.entries())
      await t.database.executeSql(
        `insert into bank_transactions (user_id, item_id, account_id, provider_transaction_id, amount_cents, date, name)
           values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          userId,
          item,
          account,
          `late-${day}-${index}`,
          Math.round(charge.amount * 100),
          day,
          charge.name,
        ],
      );
    await t.database.executeSql(`update bank_items set last_synced_at = $1 where id = $2`, [
      now.toISOString(),
      item,
    ]);
    await t.modules.subscriptions.service.detectForUser(userId);
    await t.runQueuedJobs();
  }

  it('shows what a bill costs a year, how its merchant is cancelled and which ways Billow offers', async () => {
    const { token, idOf } = await person();
    const verizon = (await options(token, idOf('Verizon'))).json() as CancellationOptions;
    expect(verizon).toMatchObject({
      merchant_name: 'Verizon',
      yearly_cost: 900,
      guide: { channels: ['phone', 'in_person'], phone: '+18009220204', is_generic: false },
      ways: [
        { way: 'call', is_available: true },
        { way: 'self', is_available: true },
        { way: 'letter', is_available: false },
      ],
      cancellation: null,
    });
    expect(Object.keys(verizon.required_user_info).sort()).toEqual([
      'account_pin',
      'payment_method_last_four',
    ]);
    expect(verizon.letter.body).toContain('Please cancel my Verizon subscription');

    const gym = (await options(token, idOf('Planet Fitness'))).json() as CancellationOptions;
    expect(gym.ways.find((w) => w.way === 'call')).toMatchObject({ is_available: false });
    expect(gym.guide.notes.join(' ')).toMatch(/home club/);

    const unknown = (await options(token, idOf('Spotify'))).json() as CancellationOptions;
    expect(unknown.guide.is_generic).toBe(true);
    expect(unknown.steps.length).toBeGreaterThan(1);
  });

  it('asks for what the merchant needs before a call: 422 with the missing fields', async () => {
    const { token, idOf } = await person();
    const missing = await cancel(token, { subscriptionId: idOf('Verizon'), method: 'call' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'required-info-missing' });
    expect(
      (missing.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort(),
    ).toEqual(['account_pin', 'payment_method_last_four']);
    const invalid = await cancel(token, {
      subscriptionId: idOf('Verizon'),
      method: 'call',
      requiredInfo: { account_pin: '12', payment_method_last_four: '4242' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(await list(token)).toEqual([]);
  });

  it('cancels by call to CONFIRMED with a confirmation number, keeping no PIN, and asking twice answers the same cancellation', async () => {
    const { token, idOf, userId } = await person();
    const payload = {
      subscriptionId: idOf('Verizon'),
      method: 'call',
      requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
    };
    const first = await cancel(token, payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'REQUESTED', way: 'call', yearly_cost: 900 });
    const again = await cancel(token, { subscriptionId: idOf('Verizon'), method: 'self' });
    expect(again.json().id).toBe(first.json().id);

    await t.runQueuedJobs();
    const [done] = await list(token);
    expect(done).toMatchObject({ id: first.json().id, status: 'CONFIRMED' });
    expect(done!.confirmation_number).toMatch(/^CX-\d{6}$/);
    // Watched through the next expected charge and the grace.
    const renewal = (
      (
        await t.app.inject({
          method: 'GET',
          url: subscriptionRoutes.listAll.path,
          headers: bearer(token),
        })
      ).json() as Subscription[]
    ).find((s) => s.merchant_name === 'Verizon')!.renewal_date!;
    expect(done!.watch_until).toBe(dayFrom(renewal, CANCELLATION_GRACE_DAYS));
    expect(done!.call!.stage).toBe('completed');
    const said = done!.call!.messages.map((m) => m.message).join('\n');
    expect(said).toContain('[redacted]');
    expect(said).not.toMatch(PIN_WRITTEN);
    const { rows } = await t.database.executeSql(
      `select c.messages::text || coalesce(c.record::text, '') as kept from cancellation_calls c
         join cancellations k on k.id = c.cancellation_id where k.user_id = $1`,
      [userId],
    );
    expect(String(rows[0]!.kept)).not.toMatch(PIN_WRITTEN);
    // Still the same one once confirmed.
    expect((await cancel(token, payload)).json().id).toBe(first.json().id);
  });

  it('turns VERIFIED when the bank shows no charge by the next date and the grace, saves a year of the bill once, and cancels the subscription', async () => {
    const { token, idOf, userId } = await person();
    const id = idOf('TEST_MERCHANT');
    const asked = await cancel(token, { subscriptionId: id, method: 'call' });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.runQueuedJobs();
    expect((await list(token))[0]).toMatchObject({ status: 'CONFIRMED' });

    // A sync before the watch ends proves nothing yet.
    await syncOn(userId, '2026-12-10');
    expect((await list(token))[0]).toMatchObject({ status: 'CONFIRMED' });
    expect(await savings(token)).toEqual({ lifetime_savings: 0, promised_savings: 0 });

    await syncOn(userId, '2026-12-24');
    const [verified] = await list(token);
    expect(verified).toMatchObject({ status: 'VERIFIED', charged_after: [] });
    expect(await savings(token)).toEqual({ lifetime_savings: 600, promised_savings: 0 });
    expect(await statusOf(token, id)).toBe('CANCELLED');

    // Once: another sync changes nothing, and the subscription stays cancelled.
    await syncOn(userId, '2026-12-28');
    expect(await savings(token)).toEqual({ lifetime_savings: 600, promised_savings: 0 });
    expect(await statusOf(token, id)).toBe('CANCELLED');
    const again = await cancel(token, { subscriptionId: id, method: 'self' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already-cancelled' });
  });

  it('alerts the person at once when the merchant charges after a confirmed cancellation', async () => {
    const { token, phone, idOf, userId } = await person();
    const asked = await cancel(token, { subscriptionId: idOf('TEST_MERCHANT'), method: 'self' });
    expect(asked.json()).toMatchObject({ status: 'REQUESTED', way: 'self' });
    const said = await confirm(token, {
      cancellationId: asked.json().id,
      confirmationNumber: 'ABC-1',
    });
    expect(said.json()).toMatchObject({ status: 'CONFIRMED', confirmation_number: 'ABC-1' });

    await syncOn(userId, '2026-12-15', { amount: 50, name: 'TEST_MERCHANT MONTHLY' });
    await syncOn(userId, '2026-12-16');
    const [charged] = await list(token);
    expect(charged).toMatchObject({
      status: 'CONFIRMED',
      charged_after: [{ date: '2026-12-15', amount: 50 }],
    });
    const texts = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as { body: string }[];
    const alerts = texts.filter((m) => m.body.includes('after you cancelled'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toMatch(/\$50\.00 on Dec 15.*ABC-1.*dispute/);
    expect(await savings(token)).toEqual({ lifetime_savings: 0, promised_savings: 0 });
  });

  it('alerts once for each merchant that charges after a cancellation, even on the same day', async () => {
    const { token, phone, idOf, userId } = await person();
    for (const name of ['TEST_MERCHANT', 'Planet Fitness']) {
      const asked = await cancel(token, { subscriptionId: idOf(name), method: 'self' });
      const said = await confirm(token, { cancellationId: asked.json().id });
      expect(said.json()).toMatchObject({ status: 'CONFIRMED' });
    }
    await syncOn(
      userId,
      '2026-12-15',
      { amount: 50, name: 'TEST_MERCHANT MONTHLY' },
      { amount: 24.99, name: 'PLANET FITNESS CLUB FEES' },
    );
    await syncOn(userId, '2026-12-16');
    const texts = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as { body: string }[];
    const alerts = texts.filter((m) => m.body.includes('after you cancelled'));
    expect(alerts.map((m) => /charged you (\$[\d.]+)/.exec(m.body)?.[1]).sort()).toEqual([
      '$24.99',
      '$50.00',
    ]);
  });

  it("alerts for a charge off the bill's rhythm too: any charge of the merchant after cancelling", async () => {
    const { token, phone, idOf, userId } = await person();
    const asked = await cancel(token, { subscriptionId: idOf('TEST_MERCHANT'), method: 'self' });
    await confirm(token, { cancellationId: asked.json().id });
    // The bill is charged 6 days before TODAY each month: 9 days after TODAY is half-way to the next, a
    // charge detection does not take as the bill's (and so did not alert before).
    await syncOn(userId, dayFrom(TODAY, 9), { amount: 50, name: 'TEST_MERCHANT MONTHLY' });
    const [charged] = await list(token);
    expect(charged).toMatchObject({
      status: 'CONFIRMED',
      charged_after: [{ date: dayFrom(TODAY, 9), amount: 50 }],
    });
    const texts = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as { body: string }[];
    expect(texts.filter((m) => m.body.includes('after you cancelled'))).toHaveLength(1);
  });

  it("takes the person's word only for a cancellation they make, and only once", async () => {
    const { token, idOf } = await person();
    const call = await cancel(token, { subscriptionId: idOf('TEST_MERCHANT'), method: 'call' });
    const refused = await confirm(token, { cancellationId: call.json().id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'cancellation-not-waiting' });
    const letter = await cancel(token, {
      subscriptionId: idOf('Planet Fitness'),
      method: 'letter',
    });
    expect(letter.json()).toMatchObject({ status: 'REQUESTED', way: 'letter' });
    const once = await confirm(token, { cancellationId: letter.json().id });
    const twice = await confirm(token, { cancellationId: letter.json().id });
    expect(once.json()).toMatchObject({ status: 'CONFIRMED', confirmation_number: null });
    expect(twice.json()).toEqual(once.json());
    const byCall = await cancel(token, { subscriptionId: idOf('Planet Fitness'), method: 'call' });
    expect(byCall.json().id).toBe(letter.json().id);
  });

  it('answers 404 for another person’s subscription or cancellation', async () => {
    const a = await person();
    const b = await person();
    const theirs = a.idOf('TEST_MERCHANT');
    expect((await options(b.token, theirs)).statusCode).toBe(404);
    const asked = await cancel(b.token, { subscriptionId: theirs, method: 'self' });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ code: 'subscription-not-found' });
    const mine = await cancel(a.token, { subscriptionId: theirs, method: 'self' });
    const stolen = await confirm(b.token, { cancellationId: mine.json().id });
    expect(stolen.statusCode).toBe(404);
    expect(await list(b.token)).toEqual([]);
  });

  it('fails with a reason and a next step when the merchant refuses, and retries a busy line', async () => {
    const { token, idOf } = await person();
    const refused = await cancel(token, {
      subscriptionId: idOf('Verizon'),
      method: 'call',
      requiredInfo: { account_pin: '1111', payment_method_last_four: '4242' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await t.runQueuedJobs();
    const [failed] = await list(token);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.failure_reason).toMatch(/in writing/);
    expect(failed!.next_step).toMatch(/yourself/);

    // A new cancellation after a failed one: the line is busy once, then the call goes through.
    const busy = await cancel(token, {
      subscriptionId: idOf('Verizon'),
      method: 'call',
      requiredInfo: { account_pin: '2222', payment_method_last_four: '4242' },
    });
    expect(busy.json().id).not.toBe(failed!.id);
    await t.runQueuedJobs();
    const latest = (await list(token)).find((c) => c.id === busy.json().id)!;
    expect(latest).toMatchObject({ status: 'CONFIRMED' });
    const { rows } = await t.database.executeSql(
      `select attempt, stage from cancellation_calls where cancellation_id = $1 order by attempt`,
      [latest.id],
    );
    expect(rows).toEqual([
      { attempt: 1, stage: 'failed' },
      { attempt: 2, stage: 'completed' },
    ]);
  });

  it('turns a retention offer down unless the person allowed one, and a wrong PIN fails without keeping it', async () => {
    const { token, idOf } = await person();
    const declined = await cancel(token, {
      subscriptionId: idOf('Verizon'),
      method: 'call',
      requiredInfo: { account_pin: '3333', payment_method_last_four: '4242' },
    });
    await t.runQueuedJobs();
    const [cancelled] = await list(token);
    expect(cancelled).toMatchObject({ id: declined.json().id, status: 'CONFIRMED' });
    expect(cancelled!.call!.messages.map((m) => m.message).join(' ')).toMatch(/no offer/);

    const other = await person();
    await cancel(other.token, {
      subscriptionId: other.idOf('Verizon'),
      method: 'call',
      allowRetentionOffer: true,
      requiredInfo: { account_pin: '3333', payment_method_last_four: '4242' },
    });
    await t.runQueuedJobs();
    const [kept] = await list(other.token);
    expect(kept).toMatchObject({ status: 'FAILED', allow_retention_offer: true });
    expect(kept!.failure_reason).toMatch(/you allowed offers/);

    const wrong = await person();
    await cancel(wrong.token, {
      subscriptionId: wrong.idOf('Verizon'),
      method: 'call',
      requiredInfo: { account_pin: '0000', payment_method_last_four: '9876' },
    });
    await t.runQueuedJobs();
    const [failed] = await list(wrong.token);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.failure_reason).toMatch(/account pin/i);
    const words = failed!.call!.messages.map((m) => m.message).join(' ');
    expect(words).not.toMatch(/0000|9876/);
  });

  it('places the call again after a run that died mid-call, and ends it once', async () => {
    const { token, idOf } = await person();
    const asked = await cancel(token, { subscriptionId: idOf('TEST_MERCHANT'), method: 'call' });
    const id = asked.json().id as string;
    // A run died while the agent was talking: IN_PROGRESS, its call row mid-conversation.
    await t.database.executeSql(`update cancellations set status = 'IN_PROGRESS' where id = $1`, [
      id,
    ]);
    await t.database.executeSql(
      `insert into cancellation_calls (cancellation_id, attempt, stage) values ($1, 1, 'negotiating')`,
      [id],
    );
    // The job's retry runs the same attempt again.
    await t.runQueuedJobs();
    const [done] = await list(token);
    expect(done).toMatchObject({ id, status: 'CONFIRMED' });
    const { rows } = await t.database.executeSql(
      `select count(*)::int as calls from cancellation_calls where cancellation_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ calls: 1 });
    const { rows: events } = await t.database.executeSql(
      `select new_status from cancellation_events where cancellation_id = $1 and new_status = 'CONFIRMED'`,
      [id],
    );
    expect(events).toHaveLength(1);
  });
});
