/**
 * The behaviour both payment adapters promise. The sandbox ledger runs directly; the Plaid
 * Transfer adapter runs against a local fake of Plaid's Transfer endpoints backed by a ledger on
 * the same sandbox bank, so both see the same accounts and the same simulated days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsInHandle, handleOf } from '../../../test/debit-handles';
import { startFakePlaid, type FakePlaid } from '../../../test/fakes/fake-plaid';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { plaidPublicToken } from '../../../test/sandbox-link';
import { createSandboxBank, type SandboxBank } from '../bank/sandbox/sandbox-bank';
import type { DebitHandle, PaymentProvider } from './payment-provider';
import { createPlaidTransferProvider } from './payment-provider.plaid';
import { createPlaidBankProvider } from '../bank/bank-provider.plaid';
import { createSandboxLedger } from './sandbox/sandbox-ledger';

const DAY = 24 * 3600_000;
let now = new Date('2026-11-20T12:00:00Z');
let db: TestDatabase;
let bank: SandboxBank;
let ledger: PaymentProvider;
let fake: FakePlaid;

beforeAll(async () => {
  db = await createTestDatabase();
  bank = createSandboxBank({ db: db.db, clock: () => now });
  ledger = createSandboxLedger({
    db: db.db,
    bank,
    credentialsOf: credentialsInHandle,
    clock: () => now,
  });
  fake = await startFakePlaid(bank, { ledger });
});
afterAll(async () => {
  await fake.close();
  await db.destroy();
});

/** Calls the fake Plaid as Billow's SDK would. */
async function plaidCall(path: string, body: object) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: fake.credentials.clientId,
      secret: fake.credentials.secret,
      ...body,
    }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A new item at the sandbox bank with one checking account of this name and balance, linked with
 * consent to Transfer (Plaid's `initial_products`) unless `products` says otherwise.
 */
async function account(
  name: string,
  balance: number,
  products = ['transactions', 'transfer'],
): Promise<DebitHandle> {
  const public_token = await plaidPublicToken(
    fake,
    [
      {
        type: 'depository',
        subtype: 'checking',
        starting_balance: balance,
        meta: { name, mask: '3333' },
        transactions: [],
      },
    ],
    { institutionId: 'ins_sbx_wells_fargo', products },
  );
  // Exchanged at Plaid, which then knows what the item was consented to.
  const exchanged = await plaidCall('/item/public_token/exchange', { public_token });
  const accessToken = String(exchanged.access_token);
  const [found] = await bank.getAccounts(accessToken);
  return handleOf({ accessToken, accountId: found!.accountId });
}

function describePaymentProvider(name: string, provider: () => PaymentProvider) {
  describe(`${name} payment provider`, () => {
    const legalName = 'Alex Example';
    const key = (label: string) => `${name}-${label}`;

    it('approves a debit the balance covers, the same way for the same key', async () => {
      const from = await account('Checking', 500);
      const first = await provider().authorizeDebit({
        account: from,
        amountCents: 17_999,
        idempotencyKey: key('approve'),
        legalName,
      });
      expect(first).toEqual({ decision: 'approved', authorizationId: expect.any(String) });
      const again = await provider().authorizeDebit({
        account: from,
        amountCents: 17_999,
        idempotencyKey: key('approve'),
        legalName,
      });
      expect(again).toEqual(first);
    });

    it('declines beyond the balance (NSF) and on risk (RISK)', async () => {
      const poor = await account('Checking', 50);
      expect(
        await provider().authorizeDebit({
          account: poor,
          amountCents: 9_999,
          idempotencyKey: key('nsf'),
          legalName,
        }),
      ).toMatchObject({ decision: 'declined', rationale: 'NSF' });
      const risky = await account('Risk Checking', 5000);
      expect(
        await provider().authorizeDebit({
          account: risky,
          amountCents: 9_999,
          idempotencyKey: key('risk'),
          legalName,
        }),
      ).toMatchObject({ decision: 'declined', rationale: 'RISK' });
    });

    it('debits once per key, and counts the debit against the balance', async () => {
      const from = await account('Checking', 150);
      const authorization = await provider().authorizeDebit({
        account: from,
        amountCents: 9_999,
        idempotencyKey: key('debit'),
        legalName,
      });
      if (authorization.decision !== 'approved') throw new Error('expected an approval');
      const debit = {
        account: from,
        amountCents: 9_999,
        idempotencyKey: key('debit'),
        legalName,
        authorizationId: authorization.authorizationId,
        description: 'Gift card',
      };
      const first = await provider().createDebit(debit);
      expect(await provider().createDebit(debit)).toEqual(first);
      // 150 − 99.99 leaves too little for a second plan.
      expect(
        await provider().authorizeDebit({
          account: from,
          amountCents: 9_999,
          idempotencyKey: key('debit-2'),
          legalName,
        }),
      ).toMatchObject({ decision: 'declined', rationale: 'NSF' });
    });

    it('holds an approved authorization against the balance before its debit is made', async () => {
      const from = await account('Checking', 130);
      const authorize = (label: string, amountCents: number) =>
        provider().authorizeDebit({
          account: from,
          amountCents,
          idempotencyKey: key(label),
          legalName,
        });
      expect(await authorize('hold-1', 9_999)).toMatchObject({ decision: 'approved' });
      // No debit yet, but 130 − 99.99 is what is left to approve.
      expect(await authorize('hold-2', 9_900)).toMatchObject({
        decision: 'declined',
        rationale: 'NSF',
      });
      expect(await authorize('hold-3', 3_000)).toMatchObject({ decision: 'approved' });
    });

    it('returns a debit from a flagged account as R01 a few simulated days later', async () => {
      const from = await account('NSF Checking', 5000);
      const authorization = await provider().authorizeDebit({
        account: from,
        amountCents: 24_900,
        idempotencyKey: key('return'),
        legalName,
      });
      if (authorization.decision !== 'approved') throw new Error('expected an approval');
      const { transferId } = await provider().createDebit({
        account: from,
        amountCents: 24_900,
        idempotencyKey: key('return'),
        legalName,
        authorizationId: authorization.authorizationId,
        description: 'Gift card',
      });
      const eventsOf = async () => {
        const all = [];
        let after = 0;
        for (;;) {
          const page = await provider().syncEvents(after);
          all.push(...page.events);
          if (page.events.length > 0) after = page.events[page.events.length - 1]!.eventId;
          if (!page.hasMore) return { all, after };
        }
      };
      const today = await eventsOf();
      expect(today.all.filter((e) => e.transferId === transferId).map((e) => e.type)).toEqual([
        'pending',
      ]);
      const saved = now;
      now = new Date(now.getTime() + 4 * DAY);
      try {
        const later = await eventsOf();
        const mine = later.all.filter((e) => e.transferId === transferId);
        expect(mine.map((e) => e.type)).toEqual(['pending', 'posted', 'returned']);
        expect(mine.at(-1)!.returnCode).toBe('R01');
        // From the last event on, nothing new.
        expect((await provider().syncEvents(later.after)).events).toEqual([]);
      } finally {
        now = saved;
      }
    });
  });
}

describePaymentProvider('sandbox ledger', () => ledger);
describePaymentProvider('Plaid Transfer', () =>
  createPlaidTransferProvider(
    { ...fake.credentials, environment: 'sandbox', basePath: fake.url },
    credentialsInHandle,
  ),
);

describe('Plaid Transfer as Plaid documents it', () => {
  const plaid = () =>
    createPlaidTransferProvider(
      { ...fake.credentials, environment: 'sandbox', basePath: fake.url },
      credentialsInHandle,
    );
  const legalName = 'Ada Lovelace';

  it('asks for a debit with consent given online (ACH class web)', async () => {
    const from = await account('Web Checking', 5000);
    await plaid().authorizeDebit({
      account: from,
      amountCents: 1000,
      idempotencyKey: 'web-1',
      legalName,
    });
    expect(fake.lastRequest('/transfer/authorization/create')).toMatchObject({ ach_class: 'web' });
  });

  it('tells a person’s action needed and a reached transfer limit apart from missing funds', async () => {
    const from = await account('Limits Checking', 5000);
    fake.decideNextAuthorization('user_action_required', null);
    expect(
      await plaid().authorizeDebit({
        account: from,
        amountCents: 1000,
        idempotencyKey: 'ua-1',
        legalName,
      }),
    ).toMatchObject({ decision: 'declined', rationale: 'ACTION_REQUIRED' });
    fake.decideNextAuthorization('declined', 'TRANSFER_LIMIT_REACHED');
    expect(
      await plaid().authorizeDebit({
        account: from,
        amountCents: 1000,
        idempotencyKey: 'tl-1',
        legalName,
      }),
    ).toMatchObject({ decision: 'declined', rationale: 'LIMIT_REACHED' });
  });

  it('sends an ACH description Plaid accepts: at most 10 characters, which the fake enforces', async () => {
    const refused = await fetch(`${fake.url}/transfer/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: fake.credentials.clientId,
        secret: fake.credentials.secret,
        access_token: 'access-sandbox-any',
        account_id: 'any',
        authorization_id: 'any',
        description: 'Billow annual',
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_code: 'INVALID_FIELD' });

    const from = await account('Description Checking', 5000);
    const authorization = await plaid().authorizeDebit({
      account: from,
      amountCents: 1000,
      idempotencyKey: 'desc-1',
      legalName,
    });
    if (authorization.decision !== 'approved') throw new Error('expected an approval');
    await plaid().createDebit({
      account: from,
      amountCents: 1000,
      idempotencyKey: 'desc-1',
      legalName,
      authorizationId: authorization.authorizationId,
      description: 'Billow annual',
    });
    expect(String(fake.lastRequest('/transfer/create')?.description).length).toBeLessThanOrEqual(
      10,
    );
  });

  const plaidBank = (withTransfer: boolean) =>
    createPlaidBankProvider({
      ...fake.credentials,
      environment: 'sandbox',
      basePath: fake.url,
      withTransfer,
    });

  it('refuses a debit from an item linked without Transfer consent, until update mode adds it', async () => {
    const from = await account('No Consent Checking', 5000, ['transactions']);
    const debit = { account: from, amountCents: 1000, idempotencyKey: 'consent-1', legalName };
    const { accessToken } = (await credentialsInHandle(from))!;
    expect(await plaid().authorizeDebit(debit)).toMatchObject({
      decision: 'declined',
      rationale: 'CONSENT_REQUIRED',
    });

    const { linkToken } = await plaidBank(true).createLinkToken({
      clientUserRef: 'consent-ref',
      accessToken,
      isTransferConsent: true,
    });
    const asked = fake.lastRequest('/link/token/create');
    expect(asked).toMatchObject({
      access_token: accessToken,
      additional_consented_products: ['transfer'],
    });
    expect(asked).not.toHaveProperty('products');
    await fake.completeLink(linkToken);
    expect(await plaid().authorizeDebit(debit)).toMatchObject({ decision: 'approved' });
  });

  it('gives an item linked through a token that asked for Transfer the consent to be debited', async () => {
    for (const withTransfer of [true, false]) {
      const { linkToken } = await plaidBank(withTransfer).createLinkToken({
        clientUserRef: `link-${withTransfer}`,
      });
      const { publicToken } = await fake.completeLink(linkToken, 'ins_sbx_wells_fargo');
      const { accessToken } = await plaidBank(withTransfer).exchangePublicToken(publicToken!);
      const [checking] = (await bank.getAccounts(accessToken)).filter(
        (a) => a.subtype === 'checking',
      );
      const decision = await plaid().authorizeDebit({
        account: handleOf({ accessToken, accountId: checking!.accountId }),
        amountCents: 100,
        idempotencyKey: `link-consent-${withTransfer}`,
        legalName,
      });
      expect(decision.decision === 'declined' && decision.rationale).toBe(
        withTransfer ? false : 'CONSENT_REQUIRED',
      );
    }
  });

  it('runs Link for an authorization that needs the person (transfer.authorization_id), then approves', async () => {
    const from = await account('Action Checking', 5000);
    fake.decideNextAuthorization('user_action_required', null);
    const first = await plaid().authorizeDebit({
      account: from,
      amountCents: 1000,
      idempotencyKey: 'action-1',
      legalName,
    });
    expect(first).toMatchObject({
      decision: 'declined',
      rationale: 'ACTION_REQUIRED',
      authorizationId: expect.any(String),
    });
    if (first.decision !== 'declined') throw new Error('expected a decline');
    // Until the person has been through Link, Plaid keeps asking for them.
    const again = { account: from, amountCents: 1000, idempotencyKey: 'action-2', legalName };
    expect(await plaid().authorizeDebit(again)).toMatchObject({ rationale: 'ACTION_REQUIRED' });
    const waiting = await plaid().authorizeDebit({ ...again, idempotencyKey: 'action-3' });
    if (waiting.decision !== 'declined') throw new Error('expected a decline');

    const { linkToken } = await plaidBank(true).createLinkToken({
      clientUserRef: 'action-ref',
      accessToken: (await credentialsInHandle(from))!.accessToken,
      transferAuthorizationId: waiting.authorizationId!,
    });
    const asked = fake.lastRequest('/link/token/create');
    expect(asked).toMatchObject({ transfer: { authorization_id: waiting.authorizationId } });
    expect(asked).not.toHaveProperty('access_token');
    await fake.completeLink(linkToken);
    expect(await plaid().authorizeDebit({ ...again, idempotencyKey: 'action-4' })).toMatchObject({
      decision: 'approved',
    });
  });

  it('has the fake answer only with Plaid’s own decisions and rationale codes', async () => {
    expect(() => fake.decideNextAuthorization('declined', 'ACTION_REQUIRED')).toThrow();
    expect(() => fake.decideNextAuthorization('declined', 'LIMIT_REACHED')).toThrow();
    const refused = await plaidCall('/link/token/create', {
      client_name: 'Billow',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'x' },
      transfer: { authorization_id: 'never-issued' },
    });
    expect(refused).toMatchObject({ error_code: 'INVALID_FIELD' });
    // Plaid's API description requires initial_products: the fake refuses as Plaid does.
    const noProducts = await plaidCall('/sandbox/public_token/create', {
      institution_id: 'ins_sbx_wells_fargo',
    });
    expect(noProducts).toMatchObject({ error_type: 'INVALID_REQUEST' });
    fake.takeViolations();
  });
});
