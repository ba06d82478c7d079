/**
 * The data export over HTTP: a person with a bank, a paid annual plan, a gift card, a
 * negotiation they answered and rewards downloads a ZIP that holds every one of their rows, none
 * of another person's, and none of the secrets Billow keeps for them.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  negotiationRoutes,
  paymentRoutes,
  subscriptionRoutes,
  userRoutes,
  type GiftCardResponse,
  type NegotiationOffer,
  type Subscription,
} from '@billow/contracts';
import { createFieldCipher } from '../src/security/encryption';
import { customTransaction, dayFrom, linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, testSecrets, type TestApp } from './test-app';

const today = '2026-11-20';
const PIN = '918273';
const LAST_FOUR_ANSWER = '6071';

/** Monthly Hulu (an annual plan Billow can pay) and Verizon (negotiable; asks for a PIN). */
function billsOf(name: string) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => dayFrom(today, -30 * month - offset);
    transactions.push(customTransaction(day(3), 'HULU 877-8244858 CA', 18.99));
    transactions.push(customTransaction(day(4), 'VERIZON WIRELESS PAYMENT', 75));
    transactions.push(customTransaction(day(9), 'GROCERY, "FRESH" MARKET', 42.5));
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 5000,
      meta: { name, mask: '1111' },
      transactions,
    },
  ];
}

const expectedFiles = [
  'README.md',
  'accounts.csv',
  'accounts.json',
  'gift-cards.json',
  'negotiations.json',
  'payments.json',
  'profile.json',
  'rewards.json',
  'subscriptions.csv',
  'subscriptions.json',
  'summary.json',
  'transactions.csv',
  'transactions.json',
];

/** Tables holding a person's rows, and the export file each one's ids must all appear in. */
const ownedRows = [
  ['bank_accounts', 'accounts.json'],
  ['bank_transactions', 'transactions.json'],
  ['subscriptions', 'subscriptions.json'],
  ['negotiations', 'negotiations.json'],
  ['payments', 'payments.json'],
  ['gift_cards', 'gift-cards.json'],
  ['reward_ledger', 'rewards.json'],
] as const;

describe('GET /api/user/export', () => {
  let t: TestApp;
  let alice: { token: string; userId: string; phone: string };
  let bob: { token: string; userId: string };
  let fullCardNumber: string;

  async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  const ids = async (table: string, userId: string) =>
    (await t.database.executeSql(`select id from ${table} where user_id = $1`, [userId])).rows.map(
      (row) => String(row.id),
    );

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(`${today}T12:00:00Z`),
      // Fronting every card shows its number at once, so the export can be searched for it.
      env: {
        SIMULATED_CALL_STEP_MS: '0',
        CALL_RETRY_DELAY_SECONDS: '0',
        PAYMENTS_FRONT_MAX_CENTS: '100000',
        PAYMENTS_FRONT_AFTER_SETTLED_PAYMENTS: '0',
      },
    });
    await t.modules.giftCards.service.load(
      Array.from({ length: 4 }, (_, n) => ({
        serviceName: 'Hulu',
        cardNumber: `5100${String(73_001 + n).padStart(12, '0')}`,
        cardValue: 100,
      })),
    );

    const people = [];
    for (const phone of ['+14155557001', '+14155557002']) {
      const { token, user } = await signIn(t.app, phone);
      await linkSandboxItem(t, token, { overrideAccounts: billsOf(`Checking ${phone}`) });
      people.push({ token, userId: user.userId, phone });
    }
    [alice, bob] = people as [typeof alice, typeof alice];
    await call(alice.token, 'POST', userRoutes.updateProfileInfo.path, {
      user_legal_name: 'Alice Export',
      email: 'alice@example.com',
    });

    // An annual plan Billow pays, which buys a gift card and earns a reward.
    const subscriptions = await call<Subscription[]>(
      alice.token,
      'GET',
      subscriptionRoutes.listAll.path,
    );
    const hulu = subscriptions.find((s) => s.merchant_name === 'Hulu')!;
    await call(alice.token, 'POST', paymentRoutes.pay.path, { subscription_id: hulu.id });
    await t.runQueuedJobs();
    const card = await call<GiftCardResponse>(alice.token, 'POST', paymentRoutes.giftCard.path, {
      subscriptionId: hulu.id,
      includeFullCardNumber: true,
    });
    fullCardNumber = card.giftCard!.cardNumber!;

    // A negotiation Alice answered, which runs its call to the end.
    const offers = await call<NegotiationOffer[]>(
      alice.token,
      'GET',
      negotiationRoutes.negotiable.path,
    );
    const verizon = offers.find((o) => o.service_name === 'Verizon')!;
    await call(alice.token, 'POST', negotiationRoutes.submitRequiredInfo.path, {
      subscriptionId: verizon.subscription_id,
      requiredInfo: { account_pin: PIN, payment_method_last_four: LAST_FOUR_ANSWER },
    });
    await t.runQueuedJobs();
  });
  afterAll(() => t.close());

  async function exportOf(token: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: userRoutes.exportData.path,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const files = Object.fromEntries(
      Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]),
    );
    return { response, files };
  }

  it('answers a ZIP named for the day, as an attachment nobody caches', async () => {
    const { response, files } = await exportOf(alice.token);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="billow-export-2026-11-20.zip"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(files).sort()).toEqual(expectedFiles);
  });

  it("holds every one of the person's rows and none of another person's", async () => {
    const { files } = await exportOf(alice.token);
    const profile = JSON.parse(files['profile.json']!);
    expect(profile).toMatchObject({
      user_id: alice.userId,
      phone_number: alice.phone,
      user_legal_name: 'Alice Export',
      email: 'alice@example.com',
    });
    const everything = Object.values(files).join('\n');
    for (const [table, file] of ownedRows) {
      const own = await ids(table, alice.userId);
      expect(own.length, table).toBeGreaterThan(0);
      const exported = (JSON.parse(files[file]!) as { id: string }[]).map((row) => row.id);
      expect(exported.sort(), file).toEqual(own.sort());
      for (const id of await ids(table, bob.userId)) expect(everything).not.toContain(id);
    }
    expect(everything).not.toContain(bob.userId);
    expect(everything).not.toContain('Checking +14155557002');

    const negotiation = (JSON.parse(files['negotiations.json']!) as Record<string, unknown>[]).find(
      (row) => row.merchant_name === 'Verizon',
    );
    expect(negotiation).toMatchObject({ status: 'SUCCESSFUL', information_requested: [] });
    expect((negotiation!.status_history as unknown[]).length).toBeGreaterThan(1);
    const [reward] = JSON.parse(files['rewards.json']!) as Record<string, unknown>[];
    expect(reward).toMatchObject({ kind: 'earned', amount: expect.any(Number) });
  });

  it('writes each CSV with the JSON file’s fields and rows, quoting what needs it', async () => {
    const { files } = await exportOf(alice.token);
    for (const name of ['accounts', 'transactions', 'subscriptions']) {
      const records = JSON.parse(files[`${name}.json`]!) as Record<string, unknown>[];
      const lines = files[`${name}.csv`]!.trimEnd().split('\r\n');
      expect(lines[0], name).toBe(Object.keys(records[0]!).join(','));
      expect(lines.length - 1, name).toBe(records.length);
    }
    expect(files['transactions.csv']).toContain('"GROCERY, ""FRESH"" MARKET"');
  });

  it('describes every field of every file in the README', async () => {
    const { files } = await exportOf(alice.token);
    const readme = files['README.md']!;
    for (const name of expectedFiles.filter((file) => file.endsWith('.json'))) {
      expect(readme, name).toContain(name);
      const parsed = JSON.parse(files[name]!) as
        Record<string, unknown> | Record<string, unknown>[];
      const record = Array.isArray(parsed) ? parsed[0]! : parsed;
      for (const field of Object.keys(record))
        expect(readme, `${name} ${field}`).toContain(`\`${field}\``);
    }
  });

  it('leaves out every secret: bank access, full card numbers and negotiation answers', async () => {
    const { files } = await exportOf(alice.token);
    const everything = Object.values(files).join('\n');
    const cipher = createFieldCipher(testSecrets.encryptionKey);
    const [item] = (
      await t.database.executeSql(
        'select access_token_encrypted as token from bank_items where user_id = $1',
        [alice.userId],
      )
    ).rows;
    const storedToken = String(item!.token);
    const secrets = [
      storedToken,
      cipher.decrypt(storedToken),
      fullCardNumber,
      ...(
        await t.database.executeSql(
          `select card_number_encrypted as s from gift_cards where user_id = $1
           union all select answers_encrypted from negotiations where user_id = $1
             and answers_encrypted is not null`,
          [alice.userId],
        )
      ).rows.map((row) => String(row.s)),
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    // An answer stored as text would stand alone; inside a uuid or a time it would not.
    for (const answer of [PIN, LAST_FOUR_ANSWER]) {
      expect(everything).not.toMatch(new RegExp(`(^|[^\\w-])${answer}($|[^\\w-])`));
    }
    const [card] = JSON.parse(files['gift-cards.json']!) as { card_number_masked: string }[];
    expect(card!.card_number_masked).toBe(`•••• •••• •••• ${fullCardNumber.slice(-4)}`);
  });

  it('is for the signed-in person only', async () => {
    const { files } = await exportOf(bob.token);
    expect(JSON.parse(files['profile.json']!).user_id).toBe(bob.userId);
    expect(JSON.parse(files['payments.json']!)).toEqual([]);
    expect(Object.values(files).join('\n')).not.toContain(alice.userId);

    const anonymous = await t.app.inject({ method: 'GET', url: userRoutes.exportData.path });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
