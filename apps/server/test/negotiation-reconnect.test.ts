/**
 * A negotiation call whose worker died mid-call: until the call is picked up again it
 * says "connected" while nothing happens; once its job is put back and runs again, the call is
 * shown as reconnecting (not frozen at a stage) until it is connected again, and it ends once.
 */
import { negotiationRoutes, userRoutes, type NegotiationOffer } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkingWithBills, linkSandboxItem, TEST_MERCHANT_BILL } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';
import { expectReconnectingUntilConnected } from './reconnecting-call';

const today = '2026-11-20';

describe('a negotiation call picked up again after its worker died', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(`${today}T12:00:00Z`),
      // Slow enough steps that the call is seen between being picked up and connected.
      env: { SIMULATED_CALL_STEP_MS: '300' },
    });
  });
  afterAll(() => t.close());

  it('shows the call reconnecting, then connected again, and ends it once', async () => {
    const { token } = await signIn(t.app, '+14155550777');
    await linkSandboxItem(t, token, {
      overrideAccounts: [checkingWithBills(today, [TEST_MERCHANT_BILL], { mask: '3333' })],
    });
    const offer = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: negotiationRoutes.negotiable.path,
            headers: bearer(token),
          })
        ).json() as NegotiationOffer[]
      ).find((o) => o.service_name === 'TEST_MERCHANT')!;
    await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileSettings.path,
      headers: bearer(token),
      payload: { is_bill_negotiation_enabled: true },
    });

    // A worker took the call's job, got as far as "connected", and its process was killed.
    const [job] = await t.jobs.boss.fetch<{ negotiationId: string }>('negotiation-process-request');
    expect(job).toBeDefined();
    await t.database.executeSql(
      `insert into negotiation_calls (negotiation_id, attempt, stage, started_at)
       values ($1, 1, 'connected', now())`,
      [job!.data.negotiationId],
    );
    expect((await offer()).call).toMatchObject({ stage: 'connected', is_reconnecting: false });

    await expectReconnectingUntilConnected(
      t,
      'negotiation-process-request',
      async () => (await offer()).call!,
    );
    expect(await offer()).toMatchObject({
      status: 'SUCCESSFUL',
      call: { stage: 'completed', is_reconnecting: false },
    });
  });
});
