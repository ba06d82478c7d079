/**
 * A cancellation call whose worker died mid-call (docs/cancellations.md): once its job is put
 * back and runs again, the call is shown as reconnecting (not frozen at the stage it reached)
 * until it is connected again, and the cancellation is confirmed once.
 */
import { cancellationRoutes, subscriptionRoutes, type Cancellation } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkingWithBills, linkSandboxItem, TEST_MERCHANT_BILL } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';
import { expectReconnectingUntilConnected } from './reconnecting-call';

const today = '2026-11-20';

describe('a cancellation call picked up again after its worker died', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(`${today}T12:00:00Z`),
      // Slow enough steps that the call is seen between being picked up and connected.
      env: { SIMULATED_CALL_STEP_MS: '300' },
    });
  });
  afterAll(() => t.close());

  it('shows the call reconnecting, then connected again, and confirms it once', async () => {
    const { token } = await signIn(t.app, '+14155550778');
    await linkSandboxItem(t, token, {
      overrideAccounts: [checkingWithBills(today, [TEST_MERCHANT_BILL], { mask: '3334' })],
    });
    const get = async (path: string) =>
      (await t.app.inject({ method: 'GET', url: path, headers: bearer(token) })).json();
    const bills = (await get(subscriptionRoutes.listAll.path)) as { id: string }[];
    const asked = await t.app.inject({
      method: 'POST',
      url: cancellationRoutes.cancel.path,
      headers: bearer(token),
      payload: { subscriptionId: bills[0]!.id, method: 'call' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const current = async () => ((await get(cancellationRoutes.list.path)) as Cancellation[])[0]!;

    // A worker took the call's job, got as far as "connected", and its process was killed.
    const [job] = await t.jobs.boss.fetch<{ cancellationId: string }>('cancellation-call');
    expect(job).toBeDefined();
    await t.database.executeSql(
      `insert into cancellation_calls (cancellation_id, attempt, stage, started_at)
       values ($1, 1, 'connected', now())`,
      [job!.data.cancellationId],
    );
    await t.database.executeSql(`update cancellations set status = 'IN_PROGRESS' where id = $1`, [
      job!.data.cancellationId,
    ]);
    expect((await current()).call).toMatchObject({ stage: 'connected', is_reconnecting: false });

    await expectReconnectingUntilConnected(
      t,
      'cancellation-call',
      async () => (await current()).call!,
    );
    expect(await current()).toMatchObject({
      status: 'CONFIRMED',
      call: { stage: 'completed', is_reconnecting: false },
    });
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from cancellation_calls where cancellation_id = $1`,
      [job!.data.cancellationId],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
