import {
  formatShortDay,
  negotiationRoutes,
  rewardOptions,
  rewardRoutes,
  subscriptionRoutes,
  userRoutes,
  type NegotiationOffer,
  type RewardChoice,
  type RewardHistory,
  type RewardTransaction,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

/** Monthly bills: Verizon (negotiable, asks for a PIN and last four) and Spotify (music). */
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

  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const claim = (token: string, optionId: string) =>
    post(token, rewardRoutes.claim.path, { option_id: optionId });
  const putBack = (token: string, transactionId: string) =>
    post(token, rewardRoutes.returnClaim.path, { transaction_id: transactionId });
  const choices = (token: string) => get<RewardChoice[]>(token, rewardRoutes.choices.path);
  const MUSIC = rewardOptions.find((o) => o.id === 'music-streaming')!.price;

  it('names the rewards after the person’s bills and claims one toward that bill’s next charge, once', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    const music = (await choices(token)).find((c) => c.id === 'music-streaming')!;
    expect(music).toEqual({
      id: 'music-streaming',
      name: 'Spotify',
      kind: 'Music streaming',
      price: MUSIC,
      bill: {
        subscription_id: spotify.id,
        date: spotify.renewal_date,
        amount: spotify.amount,
        was_put_back: false,
      },
    });
    // The next reward is the default target, named after the person's own bill when they have one.
    expect(await get(token, rewardRoutes.nextReward.path)).toEqual({
      name: 'Video streaming',
      amount: 15.99,
    });

    // Below the reward's price: refused, nothing spent.
    await payAnnualPlan(userId, 'payment-small', spotify.id, 10_000);
    const small = await claim(token, 'music-streaming');
    expect(small.statusCode).toBe(409);
    expect(small.json()).toMatchObject({ code: 'reward-not-covered' });

    await payAnnualPlan(userId, 'payment-claim', spotify.id, 40_000);
    const earned = share(10_000, RATES.annual) + share(40_000, RATES.annual);
    const claimed = await claim(token, 'music-streaming');
    expect(claimed.statusCode, claimed.body).toBe(200);
    const day = formatShortDay(spotify.renewal_date!, today);
    expect(claimed.json()).toMatchObject({
      service: 'Spotify',
      amount: -MUSIC,
      type: 'REWARD',
      bill_date: spotify.renewal_date,
      is_returnable: true,
      description: `Reward applied toward your Spotify bill of ${day}`,
    });
    expect((await figures(token)).balance).toBeCloseTo(earned - MUSIC, 2);
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(MUSIC);
    expect((await subscription(token, 'Verizon')).reward_credit).toBe(0);

    // One claim per bill: the next waits for Spotify's bill to be charged.
    const again = await claim(token, 'music-streaming');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'reward-no-bill' });
    expect((await choices(token)).find((c) => c.id === 'music-streaming')!.bill).toBeNull();
    // An option without a bill of the person's kind has nothing to claim on.
    const none = await claim(token, 'creative-software');
    expect(none.json()).toMatchObject({ code: 'reward-no-bill' });
    const applied = (await history(token)).transactions.filter((e) => e.type === 'REWARD');
    expect(applied).toHaveLength(1);
  });

  it('never spends the balance by itself: earning, the setting or a change of bills claims nothing', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-alone', spotify.id, 200_000);
    const reward = share(200_000, RATES.annual);
    for (const on of [false, true]) {
      const set = await post(token, userRoutes.updateProfileSettings.path, {
        is_auto_apply_rewards_enabled: on,
      });
      expect(set.statusCode, set.body).toBe(200);
      await t.runQueuedJobs();
    }
    expect(await figures(token)).toEqual({ balance: reward, lifetime: reward });
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(0);
    expect((await history(token)).transactions.filter((e) => e.type === 'REWARD')).toEqual([]);
  });

  it('puts a claim back while its bill has not been charged, once, and lets it be claimed again', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-back', spotify.id, 40_000);
    const earned = share(40_000, RATES.annual);
    const claimed = (await claim(token, 'music-streaming')).json() as RewardTransaction;

    const back = await putBack(token, claimed.id);
    expect(back.statusCode, back.body).toBe(200);
    const day = formatShortDay(spotify.renewal_date!, today);
    expect(back.json()).toMatchObject({
      amount: MUSIC,
      type: 'REWARD',
      is_returnable: false,
      description: `Reward put back from your Spotify bill of ${day}`,
    });
    expect((await figures(token)).balance).toBe(earned);
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(0);
    const twice = await putBack(token, claimed.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'reward-not-returnable' });
    const entries = (await history(token)).transactions;
    expect(entries.find((e) => e.id === claimed.id)).toMatchObject({ is_returnable: false });

    // Offered again, marked as put back (auto-apply leaves it to the person); claimed by hand.
    expect((await choices(token)).find((c) => c.id === 'music-streaming')!.bill).toMatchObject({
      was_put_back: true,
    });
    const reclaimed = await claim(token, 'music-streaming');
    expect(reclaimed.statusCode, reclaimed.body).toBe(200);
    expect((await figures(token)).balance).toBeCloseTo(earned - MUSIC, 2);
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(MUSIC);
  });

  it('keeps a claim whose bill was charged, and never puts back someone else’s', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-charged', spotify.id, 40_000);
    // A claim toward a bill dated before today: that bill has been charged.
    await t.modules.rewards.service.record({
      userId,
      subscriptionId: spotify.id,
      kind: 'applied',
      source: 'bill',
      amountCents: 500,
      sourceKey: `bill:${spotify.id}:2026-11-01`,
      occurredAt: new Date('2026-10-25T12:00:00Z'),
    });
    const charged = (await history(token)).transactions.find((e) => e.bill_date === '2026-11-01')!;
    expect(charged.is_returnable).toBe(false);
    expect((await putBack(token, charged.id)).json()).toMatchObject({
      code: 'reward-not-returnable',
    });
    const mine = (await claim(token, 'music-streaming')).json() as RewardTransaction;
    const stranger = await person({ link: false });
    // Someone else's claim is not found, as every id that is not one's own.
    const theirs = await putBack(stranger.token, mine.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'reward-transaction-not-found' });
    expect((await subscription(token, 'Spotify')).reward_credit).toBe(MUSIC);
  });

  it('gives a claim back when its bill changes before it is charged, once', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-return', spotify.id, 40_000);
    const earned = share(40_000, RATES.annual);
    expect((await claim(token, 'music-streaming')).statusCode).toBe(200);
    expect((await figures(token)).balance).toBeCloseTo(earned - MUSIC, 2);

    // Spotify turns out not to be a subscription before its bill is charged.
    const removed = await post(token, subscriptionRoutes.remove.path, {
      subscriptionId: spotify.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.runQueuedJobs();
    // A second look at the bills gives nothing back twice.
    await t.jobs.queue.send('rewards-auto-apply', { userId });
    await t.runQueuedJobs();

    expect((await figures(token)).balance).toBeCloseTo(earned, 2);
    const rows = (await history(token)).transactions.filter((e) => e.type === 'REWARD');
    expect(rows.map((e) => e.amount)).toEqual([MUSIC, -MUSIC]);
    expect(rows[0]!.description).toBe(
      `Reward returned: your Spotify bill of ${formatShortDay(spotify.renewal_date!, today)} changed before it was charged`,
    );
  });

  it('never goes negative: a reversal after the reward was claimed takes back only what is left', async () => {
    const { token, userId } = await person();
    const spotify = await subscription(token, 'Spotify');
    await payAnnualPlan(userId, 'payment-7', spotify.id, 24_000);
    expect((await claim(token, 'music-streaming')).statusCode).toBe(200);
    const { balance } = await figures(token);
    expect(balance).toBeCloseTo(share(24_000, RATES.annual) - MUSIC, 2);
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
      await t.modules.rewards.service.record({
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
