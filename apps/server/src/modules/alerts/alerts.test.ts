/**
 * Overdraft protection, failed payments and the status timeline, on a controllable clock with
 * sandbox accounts linked over HTTP.
 */
import { reminderRoutes, subscriptionRoutes, userRoutes } from '@billow/contracts';
import { describe, expect, it } from 'vitest';
import { SHORT_CHECKING_AVAILABLE } from '@billow/sandbox-bank';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { signIn } from '../../../test/sign-in';
import { remindersFixture } from '../../../test/reminders-fixture';

const today = '2026-11-20';

/** Paid every two weeks (last 3 days ago), little left, Netflix and Spotify monthly. */
function shortBeforePayday(options: {
  available: number;
  nsfAfterSpotify?: boolean;
  /** The bank also reversed that Spotify charge (detection sees FAILED_PAYMENT too). */
  reversedSpotify?: boolean;
  /** Spotify was charged again after the failed payment (this many days ago). */
  paidAgainDaysAgo?: number;
}) {
  const spotifyAgo = options.nsfAfterSpotify ? 4 : 15;
  const transactions = [];
  for (let n = 0; n < 6; n++) {
    transactions.push(
      customTransaction(dayFrom(today, -3 - 14 * n), 'ACME CORP PAYROLL PPD ID: 1234567890', -1500),
    );
  }
  for (let month = 0; month < 6; month++) {
    transactions.push(
      customTransaction(dayFrom(today, -25 - 30 * month), 'NETFLIX.COM 866-579-7172 CA', 15.49),
      customTransaction(
        dayFrom(today, -spotifyAgo - 30 * month),
        'SPOTIFY USA 877-7781161 NY',
        11.99,
      ),
    );
  }
  if (options.nsfAfterSpotify)
    transactions.push(
      customTransaction(dayFrom(today, -spotifyAgo + 2), 'NSF RETURNED ITEM FEE', 35),
    );
  if (options.reversedSpotify)
    transactions.push(
      customTransaction(dayFrom(today, -spotifyAgo + 1), 'RETURNED ITEM SPOTIFY USA', -11.99),
    );
  if (options.paidAgainDaysAgo !== undefined)
    transactions.push(
      customTransaction(
        dayFrom(today, -options.paidAgainDaysAgo),
        'SPOTIFY USA 877-7781161 NY',
        11.99,
      ),
    );
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      force_available_balance: options.available,
      meta: { name: 'Everyday Checking', mask: '2222' },
      transactions,
    },
  ];
}

describe('alerts', () => {
  const f = remindersFixture(today, 15555557300);
  const { at, call, outbox, scan } = f;
  const overdraftAlerts = async (to: string) =>
    (await outbox(to)).filter((m) => m.body.includes('overdraft alert'));
  const checkBalances = async () => {
    await f.t.jobs.queue.send('balance-check', {});
    await f.t.runQueuedJobs();
  };
  const linked = (options: Parameters<typeof shortBeforePayday>[0]) =>
    f.linked(shortBeforePayday(options));

  it('alerts once when bills due before payday exceed the available balance, then not until the next shortfall', async () => {
    const person = await linked({ available: 10 });
    const netflix = person.bills.find((b) => b.merchant_name === 'Netflix')!;
    const spotify = person.bills.find((b) => b.merchant_name === 'Spotify')!;
    // Netflix is due before the paycheck 11 days out, Spotify after it.
    expect(netflix.renewal_date! < dayFrom(today, 11)).toBe(true);
    expect(spotify.renewal_date! > dayFrom(today, 11)).toBe(true);

    await checkBalances();
    await checkBalances();
    at(today, 18);
    await checkBalances();
    const alerts = await overdraftAlerts(person.phoneNumber);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain('Everyday Checking has $10.00 available');
    expect(alerts[0]!.body).toContain('Netflix $15.49');
    expect(alerts[0]!.body).not.toContain('Spotify');
    // The dashboard shows the same shortfall while it lasts.
    const risk = await call(person.token, reminderRoutes.overdraftRisk);
    expect(risk.statusCode, risk.body).toBe(200);
    expect(risk.json()).toMatchObject({
      accountName: 'Everyday Checking',
      available: 10,
      bills: [{ merchantName: 'Netflix', amount: 15.49 }],
      shortfall: expect.any(Number),
    });

    // After payday: Spotify falls before the next one, a new shortfall of its own.
    at(dayFrom(today, 12));
    await checkBalances();
    const later = await overdraftAlerts(person.phoneNumber);
    expect(later).toHaveLength(2);
    expect(later[0]!.body).toContain('Spotify $11.99');
  });

  it('alerts the default persona short of cash before payday once (the pass_overdraft login)', async () => {
    f.at(today);
    const phoneNumber = '+15555557399';
    const { token } = await signIn(f.t.app, phoneNumber);
    await linkSandboxItem(
      f.t,
      token,
      { persona: 'default', checkingAvailable: SHORT_CHECKING_AVAILABLE },
      { seed: 'overdraft-persona' },
    );
    // A week on: the rent comes out of checking before the next paycheck.
    f.at(dayFrom(today, 8));
    await checkBalances();
    await checkBalances();
    const alerts = await overdraftAlerts(phoneNumber);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain('Everyday Checking has $25.00 available');
    expect(alerts[0]!.body).toMatch(/You are \$[\d,]+\.\d{2} short\./);
    // Its own checking untouched, the same persona is not alerted.
    const { token: other } = await signIn(f.t.app, '+15555557398');
    await linkSandboxItem(f.t, other, { persona: 'default' }, { seed: 'overdraft-persona' });
    f.at(dayFrom(today, 8));
    await checkBalances();
    expect(await overdraftAlerts('+15555557398')).toEqual([]);
  });

  it('stays quiet with enough money, or with overdraft protection off', async () => {
    const rich = await linked({ available: 2000 });
    await checkBalances();
    expect(await overdraftAlerts(rich.phoneNumber)).toEqual([]);
    expect((await call(rich.token, reminderRoutes.overdraftRisk)).json()).toBeNull();

    const off = await linked({ available: 5 });
    await call(off.token, userRoutes.updateProfileSettings, {
      is_overdraft_protection_enabled: false,
    });
    await checkBalances();
    expect(await overdraftAlerts(off.phoneNumber)).toEqual([]);
    expect((await call(off.token, reminderRoutes.overdraftRisk)).json()).toBeNull();
  });

  it('records status changes for the timeline, and a returned payment as FAILED_PAYMENT with one reminder', async () => {
    const person = await linked({ available: 2000, nsfAfterSpotify: true });
    const spotify = person.bills.find((b) => b.merchant_name === 'Spotify')!;
    await scan();
    await scan();

    const timeline = await call(person.token, reminderRoutes.statusTimeline, {
      subscriptionId: spotify.id,
    });
    expect(timeline.json()).toEqual([
      {
        new_status: 'FAILED_PAYMENT',
        previous_status: 'ACTIVE',
        reason: 'The bank returned the payment or charged a fee for it',
        // The day of the charge that failed (the fee came two days later).
        effective_date: dayFrom(today, -4),
      },
      {
        new_status: 'ACTIVE',
        previous_status: 'UNKNOWN',
        reason: 'Found in your bank transactions',
        effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    const failed = (await outbox(person.phoneNumber)).filter((m) => m.body.includes('failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.body).toContain('Spotify payment of $11.99 failed');

    // Someone else's subscription: not found.
    const other = await linked({ available: 2000 });
    const foreign = await call(other.token, reminderRoutes.statusTimeline, {
      subscriptionId: spotify.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('reminds once of a failed payment the bank both reversed and charged a fee for', async () => {
    const person = await linked({ available: 2000, nsfAfterSpotify: true, reversedSpotify: true });
    const spotify = person.bills.find((b) => b.merchant_name === 'Spotify')!;
    expect(spotify.status).toBe('FAILED_PAYMENT');
    await scan();
    await scan();
    at(today, 20);
    await scan();
    const failed = (await outbox(person.phoneNumber)).filter((m) => m.body.includes('failed'));
    expect(failed).toHaveLength(1);
    // The timeline dates the failure by the charge that failed, whichever way it was seen.
    const timeline = (
      await call(person.token, reminderRoutes.statusTimeline, { subscriptionId: spotify.id })
    ).json() as { new_status: string; effective_date: string }[];
    expect(
      new Set(
        timeline.filter((e) => e.new_status === 'FAILED_PAYMENT').map((e) => e.effective_date),
      ),
    ).toEqual(new Set([dayFrom(today, -4)]));
  });

  it('reminds each person of their failed payment when one scan finds several', async () => {
    const first = await linked({ available: 2000, nsfAfterSpotify: true });
    const second = await linked({ available: 2000, nsfAfterSpotify: true });
    at(today, 20);
    await scan();
    for (const person of [first, second]) {
      const failed = (await outbox(person.phoneNumber)).filter((m) => m.body.includes('failed'));
      expect(failed, person.phoneNumber).toHaveLength(1);
    }
  });

  it('keeps one waiting status change per bill when scans come before the workers catch up', async () => {
    const person = await linked({ available: 2000 });
    at(today, 20);
    const bills = (await call(person.token, subscriptionRoutes.listAll)).json() as { id: string }[];
    for (let round = 0; round < 3; round++) {
      await f.t.jobs.queue.send('pending-events-scan', { batchSize: 100 });
      await f.t.runQueuedJobs(['pending-events-scan']);
      await f.t.runQueuedJobs(['pending-events-scan-batch']);
    }
    const waiting = await f.t.database.executeSql(
      `select data->>'subscriptionId' as id from pgboss.job
        where name = 'subscription-handle-status-change' and state = 'created'
          and data->>'subscriptionId' = any($1)`,
      [bills.map((bill) => bill.id)],
    );
    const ids = waiting.rows.map((row) => row.id as string);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toHaveLength(new Set(ids).size);
    await f.t.runQueuedJobs();
  });

  it('records the way back to ACTIVE once the failed bill is paid again', async () => {
    const person = await linked({ available: 2000, nsfAfterSpotify: true, paidAgainDaysAgo: 1 });
    const spotify = person.bills.find((b) => b.merchant_name === 'Spotify')!;
    await scan();
    await scan();
    const timeline = (
      await call(person.token, reminderRoutes.statusTimeline, { subscriptionId: spotify.id })
    ).json() as { new_status: string; previous_status: string }[];
    expect(timeline.slice(0, 2)).toEqual([
      expect.objectContaining({ new_status: 'ACTIVE', previous_status: 'FAILED_PAYMENT' }),
      expect.objectContaining({ new_status: 'FAILED_PAYMENT', previous_status: 'ACTIVE' }),
    ]);
  });
});
