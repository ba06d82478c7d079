/**
 * The reconciliation on demand (sandbox): what the browser journeys run when they end, so a
 * journey that breaks a ledger rule fails the run. It answers this machine only.
 */
import { devRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signIn } from '../../../test/sign-in';

describe('POST /api/dev/ledgers/reconcile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const reconcile = (remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: devRoutes.reconcileLedgers.path, remoteAddress });

  it('answers no violations while the ledgers keep their rules, and names each broken one', async () => {
    const clean = await reconcile();
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json()).toMatchObject({ violations: [] });

    // A reward earned on a negotiation whose saving the bank never showed.
    const { user } = await signIn(t.app, '+14155591001');
    await t.modules.rewards.service.record({
      userId: user.userId,
      subscriptionId: null,
      kind: 'earned',
      source: 'negotiation',
      amountCents: 1_200,
      sourceKey: 'negotiation:never-verified',
      occurredAt: new Date(),
    });
    const broken = await reconcile();
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json()).toMatchObject({
      people: 1,
      reward_entries: 1,
      violations: [
        {
          rule: 'reward-without-verified-source',
          user_id: user.userId,
          source_key: 'negotiation:never-verified',
        },
      ],
    });
  });

  it('answers this machine only', async () => {
    const remote = await reconcile('203.0.113.9');
    expect(remote.statusCode).toBe(403);
  });
});
