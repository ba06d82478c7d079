/**
 * The nightly reconciliation of the money ledgers: run as its job, it finds a reward without a
 * verified saving, a balance that is not earned − applied − reversed and a saving above its
 * bound, logs each and records them for `npm run jobs`; ledgers that keep the rules report none.
 */
import { negotiationRoutes, type NegotiationOffer } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { checkingWithBills, linkSandboxItem, VERIZON_BILL } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { readLedgerCheck } from '../../jobs/ledger-check-figures';
import { createLedgersRepo } from './ledgers.repo';
import { createLedgersService, formatLedgerCheck } from './ledgers.service';

const today = '2026-11-20';

describe('the nightly ledger reconciliation', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A clock that moves (a millisecond a reading), so each run's record is later than the last
    // and the latest is the one read back: two runs at one instant tie in their order.
    let tick = 0;
    t = await createTestApp({
      clock: () => new Date(Date.parse(`${today}T12:00:00Z`) + tick++),
      env: { SIMULATED_CALL_STEP_MS: '0', CALL_RETRY_DELAY_SECONDS: '0' },
    });
  });
  afterAll(() => t.close());

  const reconcile = async () => {
    await t.jobs.queue.send('ledgers-reconcile', {});
    expect(await t.runQueuedJobs()).toContain('ledgers-reconcile');
    return readLedgerCheck(t.database);
  };

  it('reports nothing while the ledgers keep their rules', async () => {
    const { user } = await signIn(t.app, '+14155590001');
    const at = new Date();
    await t.modules.savings.service.record({
      userId: user.userId,
      subscriptionId: null,
      kind: 'negotiation',
      amountCents: 12_000,
      sourceKey: 'negotiation:n-fine',
      occurredAt: at,
    });
    await t.modules.rewards.service.record({
      userId: user.userId,
      subscriptionId: null,
      kind: 'earned',
      source: 'negotiation',
      amountCents: 1_200,
      sourceKey: 'negotiation:n-fine',
      occurredAt: at,
    });
    const check = await reconcile();
    expect(check).toMatchObject({ people: 1, savingsEntries: 1, rewardEntries: 1, violations: [] });
    expect(formatLedgerCheck(check)).toContain('no violations.');
  });

  it('finds an unverified reward, a broken balance and a saving above its bound', async () => {
    // A negotiation the simulated agent won: its saving is promised (not verified).
    const { token, user } = await signIn(t.app, '+14155590002');
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        checkingWithBills(today, [VERIZON_BILL], {
          mask: '1111',
          months: 8,
          startingBalance: 3000,
        }),
      ],
    });
    const offers = await t.app.inject({
      url: negotiationRoutes.negotiable.path,
      headers: bearer(token),
    });
    const verizon = (offers.json() as NegotiationOffer[]).find(
      (o) => o.service_name === 'Verizon',
    )!;
    await t.app.inject({
      method: 'POST',
      url: negotiationRoutes.submitRequiredInfo.path,
      headers: bearer(token),
      payload: {
        subscriptionId: verizon.subscription_id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      },
    });
    await t.runQueuedJobs();
    const { rows } = await t.database.executeSql(
      `select id from negotiations where subscription_id = '${verizon.subscription_id}' and status = 'SUCCESSFUL'`,
    );
    const key = `negotiation:${String(rows[0]!.id)}`;
    // What the old code let through: the saving inflated past a year of the $75 bill, and a
    // reward earned on it before the bank showed anything.
    await t.database.executeSql(
      `update savings_ledger set amount_cents = 119998800 where source_key = '${key}'`,
    );
    await t.modules.rewards.service.record({
      userId: user.userId,
      subscriptionId: verizon.subscription_id,
      kind: 'earned',
      source: 'negotiation',
      amountCents: 11_999_880,
      sourceKey: key,
      occurredAt: new Date(),
    });
    // Someone else's rewards applied past what they earned.
    const other = await signIn(t.app, '+14155590003');
    await t.modules.rewards.service.record({
      userId: other.user.userId,
      subscriptionId: null,
      kind: 'applied',
      source: 'bill',
      amountCents: 1_799,
      sourceKey: 'bill:x:2026-12-01',
      occurredAt: new Date(),
    });

    // A reward earned on an annual-plan payment Billow has no record of.
    await t.modules.rewards.service.record({
      userId: other.user.userId,
      subscriptionId: null,
      kind: 'earned',
      source: 'annual_plan',
      amountCents: 500,
      sourceKey: 'annual_plan:00000000-0000-4000-8000-000000000000',
      occurredAt: new Date(),
    });

    const check = await reconcile();
    expect(check!.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'reward-without-verified-source',
          userId: user.userId,
          sourceKey: key,
        }),
        expect.objectContaining({
          rule: 'saving-above-bound',
          userId: user.userId,
          sourceKey: key,
        }),
        expect.objectContaining({ rule: 'balance-mismatch', userId: other.user.userId }),
        expect.objectContaining({
          rule: 'reward-without-verified-source',
          userId: other.user.userId,
          detail: 'A $5.00 reward was earned on an annual-plan payment that is missing.',
        }),
      ]),
    );
    expect(check!.violations).toHaveLength(4);
    const printed = formatLedgerCheck(check);
    expect(printed).toContain('4 violations:');
    expect(printed).toContain('A $1199988.00 saving is above its bound of $900.00.');
    // Each violation reaches the log as the server wires it.
    const warned: object[] = [];
    await createLedgersService({
      repo: createLedgersRepo(t.database.db),
      figures: t.modules.ledgers.figures,
      log: { warn: (details) => void warned.push(details) },
    }).reconcile();
    expect(warned).toHaveLength(4);
  });

  it('bounds a cancellation saving by a year of the bill it ended', async () => {
    const { token, user } = await signIn(t.app, '+14155590009');
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        checkingWithBills(today, [{ description: 'NETFLIX.COM', amount: 82.95, daysAgo: 4 }], {
          mask: '1111',
          months: 8,
          startingBalance: 3000,
        }),
      ],
    });
    const { rows } = await t.database.executeSql(
      `select id from subscriptions where user_id = '${user.userId}' and merchant_name = 'Netflix'`,
    );
    const subscriptionId = String(rows[0]!.id);
    const saved = (sourceKey: string, amountCents: number) =>
      t.modules.savings.service.record({
        userId: user.userId,
        subscriptionId,
        kind: 'cancellation',
        amountCents,
        sourceKey,
        occurredAt: new Date(),
      });
    // A year of the $82.95 bill: within its bound (the journeys once found it flagged at $0).
    await saved('cancellation:a-year', 99_540);
    await saved('cancellation:more-than-a-year', 99_541);
    // The service itself: runs recorded under this test's fixed clock all share one time.
    const check = await createLedgersService({
      repo: createLedgersRepo(t.database.db),
      figures: t.modules.ledgers.figures,
    }).reconcile();
    const flagged = check.violations
      .filter((v) => v.rule === 'saving-above-bound')
      .map((v) => v.sourceKey);
    expect(flagged).toContain('cancellation:more-than-a-year');
    expect(flagged).not.toContain('cancellation:a-year');
  });
});
