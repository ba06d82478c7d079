import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoutes, type Subscription } from '@billow/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';
import { nextRewardTarget, rewardCents } from './rewards.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = new Date('2026-11-01T12:00:00Z');

describe('the rewards ledger', () => {
  it('keeps balance and lifetime accrued apart, writes each source event once, and never goes below zero', async () => {
    const { user, token } = await signIn(t.app, '+15555550201');
    const { rewards } = t.services;
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
    expect(() => t.services.rewards.record({ ...entry, kind: 'earned', amountCents: -5 })).toThrow(
      RangeError,
    );
    expect(() => t.services.rewards.record({ ...entry, kind: 'earned', amountCents: 1.5 })).toThrow(
      RangeError,
    );
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

describe(nextRewardTarget.name, () => {
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

  it('never applies twice to one bill, even after its due date moved', () => {
    const netflix = bill('netflix', 17.99, '2026-12-03', 6);
    // Applied toward the bill when it was due on Dec 1; detection has since moved it to Dec 3.
    const applied = new Set(['bill:netflix:2026-12-01']);
    expect(nextRewardTarget([netflix], applied, '2026-11-27')).toBeNull();
  });

  it('applies again once the bill it went to has been charged', () => {
    const netflix = bill('netflix', 17.99, '2026-12-27', 30);
    const applied = new Set(['bill:netflix:2026-11-26']);
    expect(nextRewardTarget([netflix], applied, '2026-11-27')).toMatchObject({
      subscriptionId: 'netflix',
      billDate: '2026-12-27',
    });
  });

  it('passes over a bill its application was returned from, and goes to the next', () => {
    // Netflix's Dec 3 bill was given back (its plan changed, then changed back); Spotify is next.
    const netflix = bill('netflix', 9.99, '2026-12-03', 6);
    const spotify = bill('spotify', 11.99, '2026-12-10', 13);
    const spent = new Set(['bill:netflix:2026-12-03']);
    expect(nextRewardTarget([netflix, spotify], spent, '2026-11-27', spent)).toMatchObject({
      subscriptionId: 'spotify',
    });
    // A returned application keeps nothing waiting: Netflix's next bill can take one.
    const moved = bill('netflix', 9.99, '2026-12-20', 23);
    expect(nextRewardTarget([moved], spent, '2026-11-27', spent)).toMatchObject({
      subscriptionId: 'netflix',
      billDate: '2026-12-20',
    });
  });

  it('goes only to bills due within the month ahead, never to a plan Billow paid', () => {
    const paidByBillow = bill('peloton', 12.99, '2026-12-05', 8, { is_billow_managed: true });
    const farOff = bill('hulu', 7.99, '2027-11-27', 365);
    expect(nextRewardTarget([paidByBillow, farOff], new Set(), '2026-11-27')).toBeNull();
    const soon = bill('spotify', 11.99, '2026-12-10', 13);
    expect(nextRewardTarget([paidByBillow, farOff, soon], new Set(), '2026-11-27')).toMatchObject({
      subscriptionId: 'spotify',
    });
  });
});
