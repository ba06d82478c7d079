/**
 * Crash-restart of a cancellation call (docs/cancellations.md): Billow as its own process with
 * the simulated call agent, killed with SIGKILL while the agent is on the phone, and started
 * again on the same data. The job's retry places the call again; the cancellation is confirmed
 * once. On the embedded database by default; on the PostgreSQL server when DATABASE_URL is set.
 */
import {
  cancellationRoutes,
  subscriptionRoutes,
  type CancellationOptions,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, crashHarness, linkOver, signInOver, waitUntil } from './child-server';
import { checkingWithBills, TEST_MERCHANT_BILL } from './sandbox-link';

describe('a server killed while the agent is asking to cancel', () => {
  const harness = crashHarness('cancellation-crash');
  beforeAll(() => harness.setUp({ SIMULATED_CALL_STEP_MS: '1500' }));
  afterAll(() => harness.tearDown());

  it('places the call again after a restart and confirms the cancellation once', async () => {
    let { server, url } = await harness.start();
    const token = await signInOver(url, '+15555559002');
    const today = new Date().toISOString().slice(0, 10);
    await linkOver(url, token, [checkingWithBills(today, [TEST_MERCHANT_BILL], { mask: '3333' })]);
    let subscriptionId = '';
    await waitUntil(async () => {
      const list = (await call(url, 'GET', subscriptionRoutes.listAll.path, { token }))
        .body as unknown as Subscription[];
      subscriptionId = list.find((s) => s.merchant_name === 'TEST_MERCHANT')?.id ?? '';
      return subscriptionId !== '';
    }, 'the bill is found');
    const options = async () =>
      (
        await call(
          url,
          'GET',
          `${cancellationRoutes.options.path}?subscriptionId=${subscriptionId}`,
          { token },
        )
      ).body as unknown as CancellationOptions;

    const asked = await call(url, 'POST', cancellationRoutes.cancel.path, {
      token,
      body: { subscriptionId, method: 'call' },
    });
    expect(asked.status).toBe(200);
    // Killed mid-call: asking to cancel, or confirming it, before the outcome is written. Each
    // stage lasts one step (1.5 s), so a poll on a loaded machine still sees one of them.
    await waitUntil(async () => {
      const stage = (await options()).cancellation?.call?.stage;
      return stage === 'negotiating' || stage === 'finalizing';
    }, 'the agent is asking to cancel');
    await server.kill();
    // Nothing stands in for the job's expiry: on a server the restarted process puts the call's
    // job back once the killed one's heartbeat is half a minute old.

    ({ server, url } = await harness.start());
    await waitUntil(
      async () => (await options()).cancellation?.status === 'CONFIRMED',
      'the cancellation is confirmed',
      90_000,
    );
    const done = (await options()).cancellation!;
    expect(done.confirmation_number).toMatch(/^CX-\d{6}$/);
    expect(done.call?.stage).toBe('completed');
    expect(await server.stop()).toBe(0);

    expect(
      await harness.query<{ new_status: string; n: number }>(
        `select new_status, count(*)::int n from cancellation_events group by new_status
          order by new_status`,
      ),
    ).toEqual([
      { new_status: 'CONFIRMED', n: 1 },
      { new_status: 'IN_PROGRESS', n: 1 },
      { new_status: 'REQUESTED', n: 1 },
    ]);
    expect(
      await harness.query<{ n: number }>(`select count(*)::int n from cancellation_calls`),
    ).toEqual([{ n: 1 }]);
  }, 240_000);
});
