import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoutes, type Subscription } from '@billow/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';
import { rewardChoicesOf, rewardCents } from './rewards.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = new Date('2026-11-01T12:00:00Z');

describe('the rewards ledger', () => {
  it('keeps balance and lifetime accrued apart, writes each source event once, and never goes below zero', async () => {
    const { user, token } = await signIn(t.app, '+15555550201');
    const rewards = t.modules.rewards.service;
    const entry = { userId: user.userId, subscriptionId: null, occurredAt: at };
    expect(
      await rewards.record({ ...entry, kind: 'earned', amountCents: 1200, sourceKey: 'pay-1' }),
    ).toBe(true);
    // A retried job records the same event again: nothing changes.
    expect(
      await rewards.record({ ...entry, kind: 'earned', amountCents: 1200, sourceKey: 'pay-1' }),
    ).toBe(false);
    await rewards.record({
      ...entry,
      kind: 'earned',
      amountCents: 800,
      sourceKey: 'negotiation-1',
    });
    await rewards.record({ ...entry, kind: 'applied', amountCents: 500, sourceKey: 'bill-1' });
    await rewards.record({ ...entry, kind: 'reversed', amountCents: 1200, sourceKey: 'pay-1' });
    expect(await rewards.balanceCents(user.userId)).toBe(300);
    expect(await rewards.lifetimeAccruedCents(user.userId)).toBe(2000);

    await rewards.record({ ...entry, kind: 'applied', amountCents: 900, sourceKey: 'bill-2' });
    expect(await rewards.balanceCents(user.userId)).toBe(0);

    const profile = await t.app.inject({
      url: userRoutes.profileInfo.path,
      headers: bearer(token),
    });
    expect(profile.json()).toMatchObject({ lifetime_accrued_rewards: 20 });
  });

  it('refuses an entry that is not a positive number of cents', async () => {
    const { user } = await signIn(t.app, '+15555550202');
    const entry = { userId: user.userId, subscriptionId: null, occurredAt: at, sourceKey: 'x' };
    expect(() =>
      t.modules.rewards.service.record({ ...entry, kind: 'earned', amountCents: -5 }),
    ).toThrow(RangeError);
    expect(() =>
      t.modules.rewards.service.record({ ...entry, kind: 'earned', amountCents: 1.5 }),
    ).toThrow(RangeError);
  });
});

describe(rewardCents.name, () => {
  it('takes the rate in whole basis points and rounds down to the cent', () => {
    expect(rewardCents(12_000, 10)).toBe(1_200);
    expect(rewardCents(1_999, 5)).toBe(99);
    expect(rewardCents(10_000, 2.5)).toBe(250);
    // 0.1 % of 15.49 is 1.549 cents: never rounded up to 2.
    expect(rewardCents(1_549, 0.1)).toBe(1);
    expect(rewardCents(99, 1)).toBe(0);
  });
});

describe(rewardChoicesOf.name, () => {
  const bill = (
    id: string,
    amount: number,
    renewal_date: string,
    days_until_due: number,
    extra: Partial<Subscription> = {},
  ): Subscription => ({
    id,
    merchant_name: id,
    amount,
    currency: 'USD',
    status: 'ACTIVE',
    cadence: 'MONTHLY',
    renewal_date,
    payment_method: null,
    cancel_date: null,
    is_billow_managed: false,
    user_marked_not_subscription: false,
    category: 'streaming',
    days_until_due,
    normalized_monthly_amount: amount,
    is_atomic_manage_eligible: false,
    reward_credit: 0,
    evidence: [],
    is_price_increase: false,
    previous_amount: null,
    confidence: 0.9,
    is_user_added: false,
    ...extra,
  });

  const choice = (
    list: Subscription[],
    applied: string[] = [],
    today = '2026-11-27',
    returned: string[] = [],
    putBack: string[] = [],
  ) => rewardChoicesOf(list, new Set(applied), today, new Set(returned), new Set(putBack));
  const byId = (choices: ReturnType<typeof choice>, id: string) =>
    choices.find((c) => c.id === id)!;

  it('names each reward option after the person’s own bill of its kind, at the option’s price', () => {
    const choices = choice([
      bill('Netflix', 17.99, '2026-12-03', 6),
      bill('Hulu', 7.99, '2026-12-08', 11),
      bill('Apple Music', 10.99, '2026-12-05', 8, { category: 'music' }),
    ]);
    expect(choices.map((c) => [c.id, c.name, c.kind, c.price])).toEqual([
      ['video-streaming', 'Netflix', 'Video streaming', 15.99],
      ['music-streaming', 'Apple Music', 'Music streaming', 9.99],
      ['creative-software', 'Creative software', 'Creative software', 52.99],
      ['retail-membership', 'Retail membership', 'Retail membership', 14.99],
      // The second video-streaming option takes the other streaming bill.
      ['second-video-streaming', 'Hulu', 'Second video streaming', 10.99],
      ['developer-tools-pro', 'Developer tools pro', 'Developer tools pro', 4],
    ]);
    expect(byId(choices, 'video-streaming').bill).toEqual({
      subscription_id: 'Netflix',
      date: '2026-12-03',
      amount: 17.99,
      was_put_back: false,
    });
    expect(byId(choices, 'creative-software').bill).toBeNull();
  });

  it('never claims twice toward one bill, even after its due date moved', () => {
    const netflix = bill('netflix', 17.99, '2026-12-03', 6);
    // Claimed toward the bill when it was due on Dec 1; detection has since moved it to Dec 3.
    expect(byId(choice([netflix], ['bill:netflix:2026-12-01']), 'video-streaming').bill).toBeNull();
  });

  it('offers the bill again once the one claimed was charged, or the claim came back', () => {
    const netflix = bill('netflix', 17.99, '2026-12-27', 30);
    expect(
      byId(choice([netflix], ['bill:netflix:2026-11-26']), 'video-streaming').bill,
    ).toMatchObject({
      date: '2026-12-27',
    });
    const soon = bill('netflix', 17.99, '2026-12-03', 6);
    const back = ['bill:netflix:2026-12-03'];
    expect(byId(choice([soon], back, '2026-11-27', back), 'video-streaming').bill).toMatchObject({
      date: '2026-12-03',
      was_put_back: false,
    });
    // Put back by the person: still offered, marked so auto-apply leaves it to them.
    const again = ['bill:netflix:2026-12-03:1'];
    expect(
      byId(
        choice([soon], [...back, ...again], '2026-11-27', [...back, ...again], again),
        'video-streaming',
      ).bill,
    ).toMatchObject({ was_put_back: true });
  });

  it('only bills due within the month ahead, never a plan Billow paid or another cadence', () => {
    const paidByBillow = bill('peloton', 12.99, '2026-12-05', 8, { is_billow_managed: true });
    const yearly = bill('disney', 139, '2026-12-05', 8, { cadence: 'YEARLY' });
    const farOff = bill('hulu', 7.99, '2027-01-27', 61);
    const choices = choice([paidByBillow, yearly, farOff]);
    // Hulu is named (it is the person's) but has no bill to claim on yet.
    expect(byId(choices, 'video-streaming')).toMatchObject({ name: 'hulu', bill: null });
    expect(choices.map((c) => c.name)).not.toContain('peloton');
    expect(choices.map((c) => c.name)).not.toContain('disney');
  });
});
