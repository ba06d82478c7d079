/**
 * Adding a subscription detection missed, from one of the person's transactions, and
 * detection keeping it: never deleted or stored twice, and the merchant's later charges attach.
 */
import {
  importRoutes,
  MISSED_CANDIDATES_PAGE_SIZE,
  subscriptionRoutes,
  type MissedCandidate,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';

/** A bank export: date (MM/DD/YYYY), description, amount (money out negative). */
const csv = (rows: [string, string, number][]) =>
  `Date,Description,Amount\n${rows.map(([d, desc, amount]) => `${d},${desc},${-amount}`).join('\n')}\n`;

/** Netflix every month (detection finds it), one gym charge (it cannot), a paycheck, and coffee. */
const firstExport = csv([
  ...['05', '06', '07', '08', '09', '10'].map((month): [string, string, number] => [
    `${month}/04/2026`,
    'NETFLIX.COM 866-579-7172 CA',
    15.49,
  ]),
  ['10/10/2026', 'CROSSFIT DOWNTOWN #1234', 39.99],
  ['10/15/2026', 'ACME PAYROLL', -2500],
  ...Array.from({ length: 24 }, (_, i): [string, string, number] => [
    `09/${String(i + 1).padStart(2, '0')}/2026`,
    `CORNER CAFE ${i}`,
    3 + i / 4,
  ]),
]);

describe('adding a subscription detection missed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-12-20T12:00:00Z') });
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function importFile(token: string, fileText: string, importedAccountId?: string) {
    const response = await post(token, importRoutes.commit.path, {
      fileName: 'bank.csv',
      fileText,
      ...(importedAccountId ? { importedAccountId } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.runQueuedJobs();
    return response.json() as { importedAccountId: string };
  }
  async function candidates(token: string, query = '') {
    const response = await get(token, `${subscriptionRoutes.missedCandidates.path}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      transactions: MissedCandidate[];
      page: number;
      has_more: boolean;
    };
  }
  async function list(token: string) {
    return (await get(token, subscriptionRoutes.listAll.path)).json() as Subscription[];
  }
  async function person(phone: string) {
    const { token, user } = await signIn(t.app, phone);
    const { importedAccountId } = await importFile(token, firstExport);
    const [gym] = (await candidates(token, '?q=crossfit')).transactions;
    return { token, userId: user.userId, importedAccountId, gym: gym! };
  }

  it('lists money-out charges no subscription holds, newest first, found by merchant, a page at a time', async () => {
    const { token, gym } = await person('+15555558001');
    expect(gym).toMatchObject({
      date: '2026-10-10',
      description: 'CROSSFIT DOWNTOWN #1234',
      amount: 39.99,
      currency: 'USD',
    });
    const first = await candidates(token);
    expect(first.transactions).toHaveLength(MISSED_CANDIDATES_PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, has_more: true });
    expect(first.transactions[0]!.description).toBe('CROSSFIT DOWNTOWN #1234');
    const dates = first.transactions.map((c) => c.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await candidates(token, '?page=2');
    expect(second).toMatchObject({ page: 2, has_more: false });
    const all = [...first.transactions, ...second.transactions].map((c) => c.description);
    // 24 coffees and the gym; Netflix is a subscription already, and the paycheck is money in.
    expect(all).toHaveLength(25);
    expect(all.some((d) => /NETFLIX|PAYROLL/.test(d))).toBe(false);
    expect(
      (await candidates(token, '?q=cafe%2012')).transactions.map((c) => c.description),
    ).toEqual(['CORNER CAFE 12']);
    expect((await candidates(token, '?q=%25')).transactions).toEqual([]);
  });

  it('adds one from a charge: first seen then, its amount, the next date one cadence on', async () => {
    const { token, gym } = await person('+15555558002');
    const added = await post(token, subscriptionRoutes.addMissed.path, {
      transactionId: gym.transaction_id,
      name: '  CrossFit Downtown ',
      cadence: 'MONTHLY',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      merchant_name: 'CrossFit Downtown',
      amount: 39.99,
      cadence: 'MONTHLY',
      status: 'ACTIVE',
      renewal_date: '2026-11-10',
      normalized_monthly_amount: 39.99,
      is_user_added: true,
      confidence: 1,
    });
    const listed = (await list(token)).find((s) => s.id === added.json().id);
    expect(listed).toMatchObject({
      merchant_name: 'CrossFit Downtown',
      renewal_date: '2026-11-10',
    });
    const details = await post(token, subscriptionRoutes.transactionDetails.path, {
      subscriptionId: added.json().id,
    });
    expect(details.json().transaction_details).toMatchObject([
      { transaction_id: gym.transaction_id, date: '2026-10-10', amount: 39.99 },
    ]);
    expect((await candidates(token, '?q=crossfit')).transactions).toEqual([]);
  });

  it('keeps it through re-detection: later charges of the merchant attach, nothing is stored twice', async () => {
    const { token, userId, importedAccountId, gym } = await person('+15555558003');
    const added = (
      await post(token, subscriptionRoutes.addMissed.path, {
        transactionId: gym.transaction_id,
        name: 'CrossFit',
        cadence: 'MONTHLY',
      })
    ).json() as Subscription;
    // Two more months arrive, under descriptors that vary, the second at a higher price: the
    // three charges now make a stream detection would find on its own.
    await importFile(
      token,
      csv([
        ['11/10/2026', 'CROSSFIT DOWNTOWN #5678', 39.99],
        ['12/10/2026', 'CROSSFIT DOWNTOWN #9012', 42.99],
      ]),
      importedAccountId,
    );
    const after = await list(token);
    expect(after.filter((s) => /crossfit/i.test(s.merchant_name))).toHaveLength(1);
    expect(after.find((s) => s.id === added.id)).toMatchObject({
      merchant_name: 'CrossFit',
      cadence: 'MONTHLY',
      amount: 42.99,
      previous_amount: 39.99,
      renewal_date: '2027-01-10',
      is_user_added: true,
    });
    expect(after.map((s) => s.merchant_name).sort()).toEqual(['CrossFit', 'Netflix']);
    const details = await post(token, subscriptionRoutes.transactionDetails.path, {
      subscriptionId: added.id,
    });
    expect(details.json().transaction_details.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-10',
      '2026-11-10',
      '2026-10-10',
    ]);

    // Detection running again changes nothing.
    await t.modules.subscriptions.service.detectForUser(userId);
    expect((await list(token)).map((s) => s.id).sort()).toEqual(after.map((s) => s.id).sort());
  });

  it('refuses a charge a subscription holds already with a 409 problem, and adds nothing', async () => {
    const { token, gym } = await person('+15555558004');
    const body = { transactionId: gym.transaction_id, name: 'Gym', cadence: 'MONTHLY' };
    expect((await post(token, subscriptionRoutes.addMissed.path, body)).statusCode).toBe(200);
    const again = await post(token, subscriptionRoutes.addMissed.path, body);
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({
      status: 409,
      code: 'transaction-already-in-subscription',
      detail: 'This charge is already part of a subscription.',
    });
    const netflix = (await list(token)).find((s) => s.merchant_name === 'Netflix')!;
    const [charge] = (
      await post(token, subscriptionRoutes.transactionDetails.path, { subscriptionId: netflix.id })
    ).json().transaction_details;
    const held = await post(token, subscriptionRoutes.addMissed.path, {
      ...body,
      transactionId: charge.transaction_id,
    });
    expect(held.statusCode).toBe(409);
    expect((await list(token)).map((s) => s.merchant_name).sort()).toEqual(['Gym', 'Netflix']);
  });

  it("answers 404 for another person's transaction or none, and 400 for a bad cadence or a blank name", async () => {
    const alice = await person('+15555558005');
    const bob = await signIn(t.app, '+15555558006');
    const body = { transactionId: alice.gym.transaction_id, name: 'Gym', cadence: 'MONTHLY' };
    for (const transactionId of [alice.gym.transaction_id, crypto.randomUUID()]) {
      const response = await post(bob.token, subscriptionRoutes.addMissed.path, {
        ...body,
        transactionId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'transaction-not-found' });
    }
    expect(await list(bob.token)).toEqual([]);
    expect((await candidates(bob.token)).transactions).toEqual([]);
    const unknown = await post(alice.token, subscriptionRoutes.addMissed.path, {
      ...body,
      cadence: 'UNKNOWN',
    });
    expect(unknown.statusCode).toBe(400);
    const blank = await post(alice.token, subscriptionRoutes.addMissed.path, {
      ...body,
      name: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect((await list(alice.token)).map((s) => s.merchant_name)).toEqual(['Netflix']);
  });
});
