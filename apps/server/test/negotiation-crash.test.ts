/**
 * Crash-restart of a negotiation call: Billow as its own process with the simulated call agent,
 * killed with SIGKILL while the agent is on the phone with the merchant, and started again on
 * the same data. The negotiation must end once: one outcome, one saving, one reward, and on a
 * PostgreSQL server well before the job's expiry (the killed process's heartbeat stops).
 * On the embedded database by default; on the PostgreSQL server when DATABASE_URL is set.
 */
import {
  negotiationRoutes,
  savingsRoutes,
  userRoutes,
  type NegotiationOffer,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, crashHarness, linkOver, signInOver, waitUntil } from './child-server';
import { checkingWithBills, TEST_MERCHANT_BILL } from './sandbox-link';

describe('a server killed while the agent is on the phone', () => {
  const harness = crashHarness('negotiation-crash');
  beforeAll(() => harness.setUp({ SIMULATED_CALL_STEP_MS: '1500' }));
  afterAll(() => harness.tearDown());

  it('ends the negotiation once after a restart', async () => {
    let { server, url } = await harness.start();
    const token = await signInOver(url, '+15555559001');
    const today = new Date().toISOString().slice(0, 10);
    await linkOver(url, token, [checkingWithBills(today, [TEST_MERCHANT_BILL], { mask: '3333' })]);
    const offer = async () =>
      (
        (await call(url, 'GET', negotiationRoutes.negotiable.path, { token }))
          .body as unknown as NegotiationOffer[]
      ).find((o) => o.service_name === 'TEST_MERCHANT');
    await waitUntil(async () => (await offer())?.status === 'PENDING', 'the offer is made');

    // Turning negotiation on starts the call; it is killed mid-conversation.
    const enabled = await call(url, 'POST', userRoutes.updateProfileSettings.path, {
      token,
      body: { is_bill_negotiation_enabled: true },
    });
    expect(enabled.status).toBe(200);
    // Killed mid-call: negotiating, or confirming the deal, before the outcome is written. Each
    // stage lasts one step (1.5 s), so a poll on a loaded machine still sees one of them.
    await waitUntil(async () => {
      const stage = (await offer())?.call?.stage;
      return stage === 'negotiating' || stage === 'finalizing';
    }, 'the agent is negotiating');
    await server.kill();
    // Nothing stands in for the job's 35-minute expiry: on a server the restarted process puts
    // the call's job back once the killed one's heartbeat is half a minute old.

    ({ server, url } = await harness.start());
    await waitUntil(
      async () => (await offer())?.status === 'SUCCESSFUL',
      'the negotiation ends',
      90_000,
    );
    const done = (await offer())!;
    expect(done).toMatchObject({ successful_savings: 50, savings_type: 'FREE_MONTHS' });
    const lifetime = await call(url, 'GET', savingsRoutes.lifetime.path, { token });
    // Promised until the bank shows the free month (docs/savings.md): no reward yet.
    expect(lifetime.body).toEqual({ lifetime_savings: 0, promised_savings: 50 });
    expect(await server.stop()).toBe(0);

    expect(
      await harness.query<{ new_status: string; n: number }>(
        `select new_status, count(*)::int n from negotiation_events group by new_status
          order by new_status`,
      ),
    ).toEqual([
      { new_status: 'IN_PROGRESS', n: 1 },
      { new_status: 'PENDING', n: 1 },
      { new_status: 'SUCCESSFUL', n: 1 },
    ]);
    expect(
      await harness.query<{ n: number }>(`select count(*)::int n from savings_ledger`),
    ).toEqual([{ n: 1 }]);
    expect(
      await harness.query<{ kind: string; n: number }>(
        `select kind, count(*)::int n from reward_ledger group by kind order by kind`,
      ),
    ).toEqual([]);
  }, 240_000);
});
