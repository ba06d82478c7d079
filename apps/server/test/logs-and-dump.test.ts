/**
 * After the main journeys (sign in, profile with a recovery email, feedback, link a sandbox
 * bank, sync and detect, refresh, sign out), every phone number, email, code and token used is
 * searched for in the captured logs and in every row of every table, pg-boss's included.
 * Codes, tokens and bank access tokens appear nowhere in plain text. A phone number or email
 * appears only in the few columns that hold a person's contact details by design (we text and
 * email them), listed below, so a new place is a decision and not an accident. The sandbox outbox
 * is left out: holding the sandbox's texts is its job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, paymentRoutes, userRoutes } from '@billow/contracts';
import { linkSandboxItem } from './sandbox-link';
import { bearer, latestCode, signIn } from './sign-in';
import { createFieldCipher } from '../src/security/encryption';
import { createTestApp, testSecrets, type TestApp } from './test-app';

/** table → columns that hold the person's own phone number or email, as the product needs. */
const CONTACT_COLUMNS: Record<string, string[]> = {
  'public.users': ['phone_number', 'email'],
  // Whose code and where it went: the phone for sign-in, the email address for verification.
  'public.one_time_codes': ['subject', 'destination'],
};
const SKIPPED_TABLES = ['public.outbox_messages'];

/** Every row of every table, as JSON text per table, contact columns taken out. */
async function dumpTables(t: TestApp): Promise<Record<string, string>> {
  const { rows: tables } = await t.database.executeSql(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const dump: Record<string, string> = {};
  for (const { name } of tables as { name: string }[]) {
    if (SKIPPED_TABLES.includes(name)) continue;
    const [schema, table] = name.split('.');
    const { rows } = await t.database.executeSql(
      `select row_to_json(t)::text as row from "${schema}"."${table}" t`,
    );
    dump[name] = rows
      .map(({ row }) => {
        const record = JSON.parse(String(row)) as Record<string, unknown>;
        for (const column of CONTACT_COLUMNS[name] ?? []) delete record[column];
        return JSON.stringify(record);
      })
      .join('\n');
  }
  return dump;
}

/** A secret as it would be found: on its own, not as part of a longer id, hash or time. */
function occurs(text: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`).test(text);
}

describe('logs and database after the main journeys', () => {
  let t: TestApp;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    // At debug, so the per-request lines are in the log this test searches for secrets too.
    t = await createTestApp({
      // Fronting every card shows its number at once (no waiting for the debit to settle), so
      // the number can be looked for in the logs and the dump.
      env: {
        LOG_LEVEL: 'debug',
        PAYMENTS_FRONT_MAX_CENTS: '100000',
        PAYMENTS_FRONT_AFTER_SETTLED_PAYMENTS: '0',
      },
    });
    const phone = '+14155550211';
    secrets.phone = phone;
    secrets.phoneAsShown = '(415) 555-0211';
    const session = await signIn(t.app, phone);
    secrets.signInCode = await latestCode(t.app, phone);
    secrets.idToken = session.token;
    secrets.accessToken = session.accessToken;
    secrets.refreshToken = session.refreshToken;
    const headers = bearer(session.token);

    secrets.email = 'dump.person@example.com';
    const updated = await t.app.inject({
      method: 'POST',
      url: userRoutes.updateProfileInfo.path,
      headers,
      payload: { user_legal_name: 'Dana Dump', email: secrets.email },
    });
    expect(updated.statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: userRoutes.sendEmailVerification.path,
      headers,
    });
    expect(sent.statusCode).toBe(200);
    secrets.emailCode = await latestCode(t.app, secrets.email);
    const verified = await t.app.inject({
      method: 'POST',
      url: userRoutes.verifyEmail.path,
      headers,
      payload: { code: secrets.emailCode },
    });
    expect(verified.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: userRoutes.submitFeedback.path,
      headers,
      payload: { feedback: 'Lovely app' },
    });

    await linkSandboxItem(t, session.token, { persona: 'default' });
    const { rows } = await t.database.executeSql(
      'select access_token_encrypted as stored from bank_items',
    );
    expect(rows.length).toBeGreaterThan(0);
    const cipher = createFieldCipher(testSecrets.encryptionKey);
    secrets.bankAccessToken = cipher.decrypt(String(rows[0]!.stored));

    // An annual plan paid for, and its gift card's number revealed to its owner.
    await t.modules.giftCards.service.seedSandboxStock();
    const offers = await t.app.inject({
      method: 'GET',
      url: paymentRoutes.instantSavings.path,
      headers,
    });
    const [offer] = offers.json() as { subscription_id: string }[];
    expect(offer).toBeDefined();
    const paid = await t.app.inject({
      method: 'POST',
      url: paymentRoutes.pay.path,
      headers,
      payload: { subscription_id: offer!.subscription_id },
    });
    expect(paid.json()).toMatchObject({ success: true });
    await t.runQueuedJobs();
    const card = await t.app.inject({
      method: 'POST',
      url: paymentRoutes.giftCard.path,
      headers,
      payload: { subscriptionId: offer!.subscription_id, includeFullCardNumber: true },
    });
    secrets.giftCardNumber = String(
      (card.json() as { giftCard: { cardNumber: string } }).giftCard.cardNumber,
    );
    expect(secrets.giftCardNumber).toMatch(/^\d{16}$/);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: authRoutes.refresh.path,
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshed.json() as { accessToken: string; refreshToken: string };
    secrets.rotatedRefreshToken = rotated.refreshToken;
    secrets.rotatedAccessToken = rotated.accessToken;
    await t.app.inject({
      method: 'POST',
      url: authRoutes.logout.path,
      headers: bearer(rotated.accessToken),
      payload: { refreshToken: rotated.refreshToken },
    });
  });
  afterAll(() => t.close());

  it('logs no phone number, email, code or token', () => {
    const logs = t.logs.map((line) => JSON.stringify(line)).join('\n');
    expect(t.logs.length).toBeGreaterThan(10);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(occurs(logs, secret), `the log holds the ${name}`).toBe(false);
    }
  });

  it('stores no code or token in plain text, and contact details only where listed', async () => {
    const dump = await dumpTables(t);
    expect(Object.keys(dump)).toContain('public.users');
    expect(Object.keys(dump).some((table) => table.startsWith('pgboss.'))).toBe(true);
    for (const [table, text] of Object.entries(dump)) {
      for (const [name, secret] of Object.entries(secrets)) {
        expect(occurs(text, secret), `${table} holds the ${name}`).toBe(false);
      }
    }
  });
});
