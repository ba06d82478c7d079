/**
 * Two payments from one account at the same moment: the account is decided
 * one payment at a time, and the sandbox bank counts an approved authorization against the
 * balance before its debit is made, so the second payment sees the first. Run it on PostgreSQL
 * too (DATABASE_URL), where the requests really run side by side.
 */
import {
  paymentRoutes,
  subscriptionRoutes,
  type BankTransferResponse,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, dayFrom, linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';

const today = '2026-11-20';

/** Hulu (plan $99.99) and SiriusXM (plan $99.00), paid monthly from one checking account. */
function twoBills(availableDollars: number) {
  const transactions = [];
  let spent = 0;
  for (let month = 0; month < 6; month++) {
    transactions.push(
      customTransaction(dayFrom(today, -30 * month - 3), 'HULU 877-8244858 CA', 18.99),
    );
    transactions.push(customTransaction(dayFrom(today, -30 * month - 7), 'SIRIUSXM RADIO', 10.99));
    spent += 18.99 + 10.99;
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      // What is left after the bills is what the account holds today.
      starting_balance: Math.round((availableDollars + spent) * 100) / 100,
      meta: { name: 'Checking', mask: '2222' },
      transactions,
    },
  ];
}

describe('two payments from one account at the same moment', () => {
  let t: TestApp;
  let phoneCounter = 100;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(`${today}T12:00:00Z`) });
    let n = 0;
    await t.modules.giftCards.service.load(
      ['Hulu', 'SiriusXM'].flatMap((serviceName) =>
        Array.from({ length: 6 }, () => ({
          serviceName,
          cardNumber: `5000${String(++n).padStart(12, '0')}`,
          cardValue: 100,
        })),
      ),
    );
  });
  afterAll(() => t.close());

  async function person(availableDollars: number) {
    const phone = `+1415777${String(phoneCounter++).padStart(4, '0')}`;
    const { token } = await signIn(t.app, phone);
    await linkSandboxItem(t, token, { overrideAccounts: twoBills(availableDollars) });
    const list = (
      await t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: bearer(token),
      })
    ).json() as Subscription[];
    const idOf = (name: string) => list.find((s) => s.merchant_name === name)!.id;
    return { token, hulu: idOf('Hulu'), radio: idOf('SiriusXM') };
  }
  const pay = (token: string, subscriptionId: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentRoutes.pay.path,
      headers: bearer(token),
      payload: { subscription_id: subscriptionId },
    });
  const debitedCents = async (subscriptionIds: string[]) =>
    Number(
      (
        await t.database.executeSql(
          `select coalesce(sum(t.amount_cents), 0) n from sandbox_bank.transfers t
            join payments p on p.provider_transfer_id = t.id where p.subscription_id = any($1)`,
          [subscriptionIds],
        )
      ).rows[0]!.n,
    );

  it('approves one of two simultaneous payments that together exceed the balance, and declines the other', async () => {
    for (let round = 0; round < 3; round++) {
      const { token, hulu, radio } = await person(130);
      const answers = await Promise.all([pay(token, hulu), pay(token, radio)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const bodies = answers.map((a) => a.json() as BankTransferResponse);
      expect(bodies.filter((b) => b.success)).toHaveLength(1);
      expect(bodies.find((b) => !b.success)).toMatchObject({
        success: false,
        error_type: 'insufficient_funds',
      });
      await t.runQueuedJobs();
      const debited = await debitedCents([hulu, radio]);
      expect(debited === 9999 || debited === 9900, String(debited)).toBe(true);
    }
  });

  it('approves both when the balance covers both', async () => {
    const { token, hulu, radio } = await person(250);
    const answers = await Promise.all([pay(token, hulu), pay(token, radio)]);
    expect(answers.map((a) => a.json() as BankTransferResponse)).toMatchObject([
      { success: true },
      { success: true },
    ]);
    await t.runQueuedJobs();
    expect(await debitedCents([hulu, radio])).toBe(9999 + 9900);
  });
});
