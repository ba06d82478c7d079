/**
 * Paying through Plaid Transfer (a local fake of Plaid over the sandbox ledger) when the bank
 * needs the person first (docs/payments.md): an item linked without consent to Transfer, or an
 * authorization Plaid answers `user_action_required`. The person is told, Billow opens their
 * bank's Link in update mode for exactly that, and the payment goes through afterwards.
 */
import {
  bankingRoutes,
  paymentErrorMessages,
  paymentRoutes,
  subscriptionRoutes,
  type BankTransferResponse,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlaid, type FakePlaid } from '../../../test/fakes/fake-plaid';
import { checkingWithBills, huluBill, plaidPublicToken } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createSandboxBank } from '../../providers/bank/sandbox/sandbox-bank';
import { createSandboxLedger } from '../../providers/payment/sandbox/sandbox-ledger';
import { credentialsInHandle } from '../../../test/debit-handles';

describe('paying through Plaid Transfer when the bank needs the person', () => {
  let plaidDb: TestDatabase;
  let plaid: FakePlaid;
  let t: TestApp;
  let phoneCounter = 0;
  beforeAll(async () => {
    plaidDb = await createTestDatabase();
    const bank = createSandboxBank({ db: plaidDb.db });
    plaid = await startFakePlaid(bank, {
      ledger: createSandboxLedger({ db: plaidDb.db, bank, credentialsOf: credentialsInHandle }),
    });
    t = await createTestApp({
      env: {
        BANK_PROVIDER: 'plaid',
        PAYMENT_PROVIDER: 'plaid',
        PLAID_CLIENT_ID: plaid.credentials.clientId,
        PLAID_SECRET: plaid.credentials.secret,
        PLAID_API_BASE_URL: plaid.url,
      },
    });
    await t.modules.giftCards.service.load(
      Array.from({ length: 4 }, (_, n) => ({
        serviceName: 'Hulu',
        cardNumber: `5100${String(n + 1).padStart(12, '0')}`,
        cardValue: 100,
      })),
    );
  });
  afterAll(async () => {
    await t.close();
    await plaid.close();
    await plaidDb.destroy();
  });

  /** A person whose bank (linked with these products) shows Hulu every month; their Hulu's id. */
  async function person(products: string[]) {
    const { token } = await signIn(t.app, `+1415777${String(phoneCounter++).padStart(4, '0')}`);
    const today = new Date().toISOString().slice(0, 10);
    const public_token = await plaidPublicToken(
      plaid,
      [checkingWithBills(today, [huluBill(18.99)], { mask: '4444' })],
      { products },
    );
    const linked = await t.app.inject({
      method: 'POST',
      url: bankingRoutes.linkResult.path,
      headers: bearer(token),
      payload: { publicToken: public_token },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await t.runQueuedJobs();
    const list = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(token),
    });
    const hulu = (list.json() as { id: string; merchant_name: string }[]).find(
      (s) => s.merchant_name === 'Hulu',
    );
    expect(hulu).toBeDefined();
    return { token, huluId: hulu!.id };
  }
  const pay = async (token: string, subscriptionId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: paymentRoutes.pay.path,
      headers: bearer(token),
      payload: { subscription_id: subscriptionId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BankTransferResponse;
  };
  const bankLink = (token: string, subscriptionId: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentRoutes.bankLink.path,
      headers: bearer(token),
      payload: { subscription_id: subscriptionId },
    });
  const actionRequired = {
    success: false,
    error_type: 'bank_action_required',
    message: paymentErrorMessages.bank_action_required,
  };

  it('asks for consent to debits in update mode on a bank linked without it, then pays', async () => {
    const { token, huluId } = await person(['transactions']);
    expect(await pay(token, huluId)).toMatchObject(actionRequired);

    const link = await bankLink(token, huluId);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({ linkToken: expect.any(String), linkProvider: 'plaid' });
    expect(plaid.lastRequest('/link/token/create')).toMatchObject({
      access_token: expect.any(String),
      additional_consented_products: ['transfer'],
    });
    await plaid.completeLink(link.json().linkToken);

    expect(await pay(token, huluId)).toMatchObject({ success: true, amount: 99.99 });
  });

  it('opens Link for the authorization Plaid answered user_action_required, then pays', async () => {
    const { token, huluId } = await person(['transactions', 'transfer']);
    plaid.decideNextAuthorization('user_action_required', null);
    expect(await pay(token, huluId)).toMatchObject(actionRequired);
    // Paying again before going through the bank changes nothing.
    expect(await pay(token, huluId)).toMatchObject(actionRequired);
    const waitingFor = plaid.lastRequest('/transfer/authorization/create');
    expect(waitingFor).toBeDefined();

    const link = await bankLink(token, huluId);
    expect(link.statusCode, link.body).toBe(200);
    const asked = plaid.lastRequest('/link/token/create');
    expect(asked).toMatchObject({ transfer: { authorization_id: expect.any(String) } });
    expect(asked).not.toHaveProperty('access_token');
    await plaid.completeLink(link.json().linkToken);

    expect(await pay(token, huluId)).toMatchObject({ success: true, amount: 99.99 });
    // Nothing is waiting at the bank any more.
    const after = await bankLink(token, huluId);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'payment-bank-link-not-needed' });
  });
});
