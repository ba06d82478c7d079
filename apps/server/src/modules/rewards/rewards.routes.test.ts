import {
  negotiationRoutes,
  rewardRoutes,
  subscriptionRoutes,
  userRoutes,
  type NegotiationOffer,
  type RewardHistory,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

/** Monthly bills: Verizon (negotiable, asks for a PIN and last four) and Spotify (the cheapest). */
function bills(today: string) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => dayFrom(today, -30 * month - offset);
    transactions.push(customTransaction(day(4), 'VERIZON WIRELESS PAYMENT', 75));
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

const RATES = { annual: 5, negotiation: 10 };

describe('rewards over HTTP', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T12:00:00Z');
  const today = '2026-11-20';
  let phoneCounter = 500;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: {
        SIMULATED_CALL_STEP_MS: '0',
        CALL_RETRY_DELAY_SECONDS: '0',
        REWARD_RATE_ANNUAL_PLAN_PERCENT: String(RATES.annual),
        REWARD_RATE_NEGOTIATION_PERCENT: String(RATES.negotiation),
      },
    });
  });
  afterAll(() => t.close());

  async function person(options: { link?: boolean; autoApply?: boolean } = {}) {
    const phone = `+1415556${String(phoneCounter++).padStart(4, '0')}`;
    const { token, user } = await signIn(t.app, phone);
    if (options.link !== false) {
      await linkSandboxItem(t, token, { overrideAccounts: bills(today) });
    }
    if (options.autoApply === false) {
      const off = await t.app.inject({
        method: 'POST',
        url: userRoutes.updateProfileSettings.path,
        headers: bearer(token),
        payload: { is_auto_apply_rewards_enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
    }
    return { token, userId: user.userId };
  }
  const get = async <T>(token: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const figures = async (token: string) => ({
    balance: await get<number>(token, rewardRoutes.balance.path),
    lifetime: await get<number>(token, rewardRoutes.lifetimeAccrued.path),
  });
  const history = (token: string, query = '') =>
    get<RewardHistory>(token, `${rewardRoutes.history.path}${query}`);
  const subscriptionsOf = (token: string) =>
    get<Subscription[]>(token, subscriptionRoutes.listAll.path);
  const subscription = async (token: string, name: string) =>
    (await subscriptionsOf(token)).find((s) => s.merchant_name === name)!;

  /** Sends a calculate-rewards job for an annual-plan payment, as the payments feature does. */
  async function payAnnualPlan(
    userId: string,
    paymentId: string,
    subscriptionId: string,
    cents: number,
  ) {
    await t.jobs.queue.send('rewards-calculate', {
      userId,
      source: 'annual_plan',
      sourceId: paymentId,
      subscriptionId,
      baseAmountCents: cents,
    });
    return t.runQueuedJobs();
  }
  /** Sends a rewards-reverse job for a returned annual-plan payment, as the payments feature does. */
  async function returnPayment(
    userId: string,
    paymentId: string,
    subscriptionId: string,
    cents: number,
  ) {
    await t.jobs.queue.send('rewards-reverse', {
      userId,
      source: 'annual_plan',
      sourceId: paymentId,
      subscriptionId,
      baseAmountCents: cents,
    });
    return t.runQueuedJobs();
  }
  const share = (cents: number, percent: number) => Math.floor((cents * percent) / 100) / 100;

  it('earns the configured reward on a Billow-paid annual plan once, even when the job runs twice', async () => {
    const { token, userId } = await person({ autoApply: false });
    const verizon = await subscription(token, 'Verizon');
    expect(await payAnnualPlan(userId, 'payment-1', verizon.id, 90_000)).toEqual([
      'rewards-calculate',
    ]);
    await payAnnualPlan(userId, 'payment-1', verizon.id, 90_000);
    const reward = share(90_000, RATES.annual);
    expect(await figures(token)).toEqual({ balance: reward, lifetime: reward });
    const profile = await get<{ lifetime_accrued_rewards: number }>(
      token,
      userRoutes.profileInfo.path,
    );
    expect(profile.lifetime_accrued_rewards).toBe(reward);
    const { transactions, total } = await history(token);
    expect(total).toBe(1);
    expect(transactions[0]).toMatchObject({
      service: 'Verizon',
      amount: reward,
      date: today,
      type: 'SUBSCRIPTION_PAYMENT',
    });
    expect(transactions[0]!.description).toContain('Verizon');
  });

  it('reverses the reward of a returned payment once; lifetime accrued keeps what was earned', async () => {
    const { token, userId } = await person({ autoApply: false });
    const verizon = await subscription(token, 'Verizon');
    await payAnnualPlan(userId, 'payment-2', verizon.id, 90_000);
    await payAnnualPlan(userId, 'payment-3', verizon.id, 30_000);
    await returnPayment(userId, 'payment-2', verizon.id, 90_000);
    await returnPayment(userId, 'payment-2', verizon.id, 90_000);
    const kept = share(30_000, RATES.annual);
    expect(await figures(token)).toEqual({
      balance: kept,
      lifetime: share(90_000, RATES.annual) + kept,
    });
    const { transactions } = await history(token);
    expect(transactions.map((e) => e.amount).sort((a, b) => a - b)).toEqual(
      [-share(90_000, RATES.annual), share(30_000, RATES.annual), share(90_000, RATES.annual)].sort(
        (a, b) => a - b,
      ),
    );
    // A returned payment too small to have earned a cent changes nothing.
    await returnPayment(userId, 'tiny', verizon.id, 1);
    expect((await figures(token)).balance).toBe(kept);
  });

  it('takes back a reward whose payment came back before the reward was earned, in either order, each job twice', async () => {
    const { token, userId } = await person({ autoApply: false });
    const verizon = await subscription(token, 'Verizon');
    // The return is handled first (its calculate job was late): nothing is left to earn later.
    await returnPayment(userId, 'late-earn', verizon.id, 90_000);
    await returnPayment(userId, 'late-earn', verizon.id, 90_000);
    await payAnnualPlan(userId, 'late-earn', verizon.id, 90_000);
    await payAnnualPlan(userId, 'late-earn', verizon.id, 90_000);
    const reward = share(90_000, RATES.annual);
    expect(await figures(token)).toEqual({ balance: 0, lifetime: reward });
    // The usual order ends the same way.
    await payAnnualPlan(userId, 'usual', verizon.id, 90_000);
    await returnPayment(userId, 'usual', verizon.id, 90_000);
    await payAnnualPlan(userId, 'usual', verizon.id, 90_000);
    expect(await figures(token)).toEqual({ balance: 0, lifetime: 2 * reward });
    const amounts = (await history(token)).transactions.map((e) => e.amount);
    expect(amounts.sort((a, b) => a - b)).toEqual([-reward, -reward, reward, reward]);
  });

  it('earns nothing on a negotiation the bank has not shown yet, and once on its verified saving', async () => {
    const { token, userId } = await person({ autoApply: false });
    const verizon = (await get<NegotiationOffer[]>(token, negotiationRoutes.negotiable.path)).find(
      (o) => o.service_name === 'Verizon',
    )!;
    const sent = await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: verizon.subscription_id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await t.runQueuedJobs()).not.toContain('rewards-calculate');
    const done = (await get<NegotiationOffer[]>(token, negotiationRoutes.negotiable.path)).find(
      (o) => o.service_name === 'Verizon',
    )!;
    expect(done.status).toBe('SUCCESSFUL');
    // Promised, not verified (docs/savings.md): no reward yet.
    expect(await figures(token)).toEqual({ balance: 0, lifetime: 0 });

    // The calculate job of its verified saving, sent twice (a retried job), earns once.
    const reward = share(done.successful_savings! * 100, RATES.negotiation);
    expect(reward).toBeGreaterThan(0);
    const { rows } = await t.database.executeSql(
      `select id from negotiations where subscription_id = '${verizon.subscription_id}'`,
    );
    for (let i = 0; i < 2; i++) {
      await t.jobs.queue.send('rewards-calculate', {
        userId,
        source: 'negotiation',
        sourceId: String(rows[0]!.id),
        subscriptionId: verizon.subscription_id,
        baseAmountCents: Math.round(done.successful_savings! * 100),
      });
      await t.runQueuedJobs();
    }
    expect(await figures(token)).toEqual({ balance: reward, lifetime: reward });
    expect((await history(token)).transactions).toEqual([
      expect.objectContaining({ type: 'NEGOTIATION', amount: reward, service: 'Verizon' }),
    ]);
  });

  it('auto-applies a balance that covers the next reward toward that bill, once', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    const next = await get<{ name: string; amount: number }>(token, rewardRoutes.nextReward.path);
    expect(next).toEqual({ name: 'Spotify', amount: spotify.amount });

    // Below the bill: nothing is applied.
    const small = Math.floor((spotify.amount * 100 * 100) / RATES.annual / 2);
    await payAnnualPlan(userId, 'payment-4', spotify.id, small);
    const before = await figures(token);
    expect(before.balance).toBe(before.lifetime);
    expect(before.balance).toBeLessThan(spotify.amount);

    // Enough to cover it: applied once toward Spotify's next bill, even when more comes in.
    await payAnnualPlan(userId, 'payment-5', spotify.id, 40_000);
    await payAnnualPlan(userId, 'payment-6', spotify.id, 40_000);
    await payAnnualPlan(userId, 'payment-6', spotify.id, 40_000);
    const lifetime = share(small, RATES.annual) + 2 * share(40_000, RATES.annual);
    const after = await figures(token);
    expect(after.lifetime).toBeCloseTo(lifetime, 2);
    expect(after.balance).toBeCloseTo(lifetime - spotify.amount, 2);
    const applied = (await history(token)).transactions.filter((e) => e.type === 'REWARD');
    expect(applied).toEqual([
      expect.objectContaining({ amount: -spotify.amount, service: 'Spotify' }),
    ]);
    expect(applied[0]!.description).toContain('Spotify');
    // Spotify's next bill is paid: the next reward is the next bill rewards have not paid.
    const verizon = await subscription(token, 'Verizon');
    expect(await get(token, rewardRoutes.nextReward.path)).toEqual({
      name: 'Verizon',
      amount: verizon.amount,
    });
  });

  it('an applied reward lowers the bill it went toward, and only that bill', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    expect(spotify.reward_credit).toBe(0);
    await payAnnualPlan(userId, 'payment-credit', spotify.id, 40_000);
    const paid = await subscription(token, 'Spotify');
    expect(paid.reward_credit).toBe(spotify.amount);
    expect(paid.renewal_date).toBe(spotify.renewal_date);
    expect((await subscription(token, 'Verizon')).reward_credit).toBe(0);
  });

  it('applies a balance that already covers a bill as soon as auto-apply is turned on, once', async () => {
    const { token, userId } = await person({ autoApply: false });
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-on', spotify.id, 40_000);
    const reward = share(40_000, RATES.annual);
    expect((await figures(token)).balance).toBe(reward);
    for (let i = 0; i < 2; i++) {
      const on = await t.app.inject({
        method: 'POST',
        url: userRoutes.updateProfileSettings.path,
        headers: bearer(token),
        payload: { is_auto_apply_rewards_enabled: true },
      });
      expect(on.statusCode, on.body).toBe(200);
      await t.runQueuedJobs();
    }
    expect((await figures(token)).balance).toBeCloseTo(reward - spotify.amount, 2);
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(spotify.amount);
  });

  it('applies what is left to the next bill when the bills change, not only when a reward is earned', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    const verizon = await subscription(token, 'Verizon');
    // Earning pays one bill (Spotify's); what is left covers Verizon's too.
    await payAnnualPlan(userId, 'payment-big', verizon.id, 200_000);
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(spotify.amount);
    // A change to the person's bills (here: Spotify is not a subscription after all) is when
    // the balance is looked at again.
    const marked = await t.app.inject({
      method: 'POST',
      url: subscriptionRoutes.remove.path,
      headers: bearer(token),
      payload: { subscriptionId: spotify.id },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await t.runQueuedJobs();
    await t.runQueuedJobs();
    expect((await subscription(token, 'Verizon')).reward_credit).toBe(verizon.amount);
    // Spotify's bill will not be charged now: what went toward it is back in the balance.
    expect((await figures(token)).balance).toBeCloseTo(
      share(200_000, RATES.annual) - verizon.amount,
      2,
    );
  });

  it('gives an unused application back when its bill changes before it is charged, once', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    const verizon = await subscription(token, 'Verizon');
    const earned = share(40_000, RATES.annual);
    // Enough for Spotify's bill only.
    expect(earned).toBeLessThan(spotify.amount + verizon.amount);
    await payAnnualPlan(userId, 'payment-return', verizon.id, 40_000);
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(spotify.amount);
    expect((await figures(token)).balance).toBeCloseTo(earned - spotify.amount, 2);

    // Spotify turns out not to be a subscription before its bill is charged.
    const removed = await t.app.inject({
      method: 'POST',
      url: subscriptionRoutes.remove.path,
      headers: bearer(token),
      payload: { subscriptionId: spotify.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.runQueuedJobs();
    // A second look at the bills gives nothing back twice.
    await t.jobs.queue.send('rewards-auto-apply', { userId });
    await t.runQueuedJobs();

    expect((await figures(token)).balance).toBeCloseTo(earned, 2);
    const rows = (await history(token)).transactions.filter((e) => e.type === 'REWARD');
    expect(rows.map((e) => e.amount)).toEqual([spotify.amount, -spotify.amount]);
    expect(rows[0]!.description).toBe(
      'Reward returned: your Spotify bill changed before it was charged',
    );
    // Verizon's bill costs more than the balance: nothing else is applied.
    expect((await subscription(token, 'Verizon')).reward_credit).toBe(0);
  });

  it('never goes negative: a reversal after the reward was applied takes back only what is left', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-7', spotify.id, 24_000);
    const { balance } = await figures(token);
    expect(balance).toBeCloseTo(share(24_000, RATES.annual) - spotify.amount, 2);
    await returnPayment(userId, 'payment-7', spotify.id, 24_000);
    expect(await figures(token)).toEqual({ balance: 0, lifetime: share(24_000, RATES.annual) });
    // Another reward after it counts in full.
    await payAnnualPlan(userId, 'payment-8', spotify.id, 2_000);
    expect((await figures(token)).balance).toBe(share(2_000, RATES.annual));
  });

  it('shows nobody else’s figures, and a person without bills gets the default next reward', async () => {
    const a = await person({ autoApply: false });
    const verizon = await subscription(a.token, 'Verizon');
    await payAnnualPlan(a.userId, 'payment-9', verizon.id, 90_000);
    const b = await person({ link: false });
    expect(await figures(b.token)).toEqual({ balance: 0, lifetime: 0 });
    expect(await history(b.token)).toEqual({
      transactions: [],
      page: 1,
      page_size: 20,
      total: 0,
      has_more: false,
    });
    expect(await get(b.token, rewardRoutes.nextReward.path)).toEqual({
      name: 'Video streaming',
      amount: 15.99,
    });
  });

  it('pages the history, newest first', async () => {
    const { token, userId } = await person({ link: false });
    for (let i = 0; i < 23; i++) {
      await t.services.rewards.record({
        userId,
        subscriptionId: null,
        kind: 'earned',
        source: 'negotiation',
        amountCents: 100 + i,
        sourceKey: `n-${i}`,
        occurredAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const first = await history(token);
    expect(first).toMatchObject({ page: 1, page_size: 20, total: 23, has_more: true });
    expect(first.transactions[0]).toMatchObject({
      amount: 1.22,
      date: '2026-01-23',
      service: 'Billow',
    });
    const second = await history(token, '?page=2&page_size=20');
    expect(second.transactions.map((e) => e.amount)).toEqual([1.02, 1.01, 1]);
    expect(second.has_more).toBe(false);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${rewardRoutes.history.path}?page_size=500`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
