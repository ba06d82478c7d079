import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savingsRoutes } from '@billow/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = new Date('2026-11-01T12:00:00Z');

describe('the savings ledger', () => {
  it('sums what negotiations and annual plans saved, each source event once', async () => {
    const { user, token } = await signIn(t.app, '+15555550203');
    const entry = { userId: user.userId, subscriptionId: null, occurredAt: at };
    await t.modules.savings.service.record({
      ...entry,
      kind: 'negotiation',
      amountCents: 12_050,
      sourceKey: 'n-1',
    });
    await t.modules.savings.service.record({
      ...entry,
      kind: 'negotiation',
      amountCents: 12_050,
      sourceKey: 'n-1',
    });
    await t.modules.savings.service.record({
      ...entry,
      kind: 'annual_conversion',
      amountCents: 3_588,
      sourceKey: 'p-1',
    });

    const lifetime = await t.app.inject({
      url: savingsRoutes.lifetime.path,
      headers: bearer(token),
    });
    expect(lifetime.json()).toEqual({ lifetime_savings: 156.38, promised_savings: 0 });

    const stranger = await signIn(t.app, '+15555550204');
    const theirs = await t.app.inject({
      url: savingsRoutes.lifetime.path,
      headers: bearer(stranger.token),
    });
    expect(theirs.json()).toEqual({ lifetime_savings: 0, promised_savings: 0 });
  });
});
