import { reminderRoutes, userRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../../test/production-env';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, latestCode, signIn } from '../../../test/sign-in';

describe('the user API', () => {
  let t: TestApp;
  let phoneSeq = 2000;
  const nextPhone = () => `+1555555${phoneSeq++}`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function call(token: string, route: { method: string; path: string }, payload?: unknown) {
    return t.app.inject({
      method: route.method as 'GET',
      url: route.path,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  it('answers a new profile with the documented defaults', async () => {
    const phone = nextPhone();
    const { accessToken } = await signIn(t.app, phone);
    const response = await call(accessToken, userRoutes.profileInfo);
    expect(response.json()).toEqual({
      user_legal_name: null,
      email: null,
      phone_number: phone,
      is_email_verified: false,
      is_plaid_update_mode_required: false,
      lifetime_accrued_rewards: 0,
      linkedAccounts: [],
      profile_settings: {
        is_auto_apply_rewards_enabled: true,
        is_subscription_notifications_enabled: true,
        is_overdraft_protection_enabled: true,
        is_bill_negotiation_enabled: false,
      },
      gender: null,
      time_zone: 'UTC',
    });
  });

  it('keeps the browser’s time zone until the person picks one, and refuses a made-up zone', async () => {
    const { token } = await signIn(t.app, nextPhone());
    const fromBrowser = await call(token, userRoutes.updateProfileInfo, {
      browser_time_zone: 'America/Los_Angeles',
    });
    expect(fromBrowser.json().time_zone).toBe('America/Los_Angeles');

    const picked = await call(token, userRoutes.updateProfileInfo, { time_zone: 'Europe/Paris' });
    expect(picked.json().time_zone).toBe('Europe/Paris');
    // A later sign-in on a phone elsewhere does not undo the pick.
    await call(token, userRoutes.updateProfileInfo, { browser_time_zone: 'Asia/Tokyo' });

    const wrong = await call(token, userRoutes.updateProfileInfo, { time_zone: 'Mars/Olympus' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await call(token, userRoutes.profileInfo)).json().time_zone).toBe('Europe/Paris');

    // Reminders go out on the profile's clock: the profile is the zone's one source.
    const reminders = await call(token, reminderRoutes.preferences);
    expect(reminders.json().timeZone).toBe('Europe/Paris');
    const saved = await call(token, reminderRoutes.updatePreferences, {
      offsetsDays: [3],
      quietHoursStart: 22,
      quietHoursEnd: 7,
      timeZone: 'Asia/Tokyo',
      isEmailEnabled: true,
    });
    expect(saved.json()).toMatchObject({ offsetsDays: [3], timeZone: 'Europe/Paris' });
  });

  it('saves the legal name, settings and onboarding choices', async () => {
    const { token } = await signIn(t.app, nextPhone());
    const named = await call(token, userRoutes.updateProfileInfo, {
      user_legal_name: '  Ada Lovelace ',
    });
    expect(named.json().user_legal_name).toBe('Ada Lovelace');

    const settings = await call(token, userRoutes.updateProfileSettings, {
      is_overdraft_protection_enabled: false,
    });
    expect(settings.json()).toEqual({
      is_auto_apply_rewards_enabled: true,
      is_subscription_notifications_enabled: true,
      is_overdraft_protection_enabled: false,
      is_bill_negotiation_enabled: false,
    });

    const onboarded = await call(token, userRoutes.updateProfileInfoFromOnboarding, {
      gender: 'female',
      profile_settings: {
        is_bill_negotiation_enabled: true,
        is_subscription_notifications_enabled: false,
      },
    });
    expect(onboarded.json()).toMatchObject({
      gender: 'female',
      profile_settings: {
        is_bill_negotiation_enabled: true,
        is_subscription_notifications_enabled: false,
      },
    });

    const fetched = await call(token, userRoutes.fetchUser);
    expect(fetched.json()).toEqual({
      userId: expect.any(String),
      user_legal_name: 'Ada Lovelace',
      linkedAccounts: [],
    });
  });

  it('validates with the shared messages and changes nothing on bad input', async () => {
    const { token } = await signIn(t.app, nextPhone());
    const blankName = await call(token, userRoutes.updateProfileInfo, { user_legal_name: '   ' });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().errors).toEqual([
      {
        field: 'user_legal_name',
        message: 'Please enter your full legal name',
        code: 'custom',
      },
    ]);
    const badEmail = await call(token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Ada',
      email: 'not-an-email',
    });
    expect(badEmail.json().errors).toEqual([
      { field: 'email', message: 'Invalid email', code: 'invalid_format' },
    ]);
    const badSetting = await call(token, userRoutes.updateProfileSettings, {
      is_bill_negotiation_enabled: 'yes',
    });
    expect(badSetting.json().errors[0].message).toBe('Expected boolean, received string');

    const profile = await call(token, userRoutes.profileInfo);
    expect(profile.json()).toMatchObject({ user_legal_name: null, email: null });
  });

  it('stores feedback of 1 to 1000 characters after trimming', async () => {
    const { token } = await signIn(t.app, nextPhone());
    expect((await call(token, userRoutes.submitFeedback, { feedback: '   ' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(token, userRoutes.submitFeedback, { feedback: 'x'.repeat(1001) })).json()
        .errors[0].message,
    ).toBe('String must contain at most 1000 character(s)');
    const ok = await call(token, userRoutes.submitFeedback, { feedback: ` ${'y'.repeat(1000)} ` });
    expect(ok.json()).toEqual({ success: true });
    const { rows } = await t.database.executeSql('select message from feedback');
    expect(rows.map((r) => r.message)).toContain('y'.repeat(1000));
  });

  it('verifies a recovery email with an emailed code, and a new email needs verifying again', async () => {
    const { token } = await signIn(t.app, nextPhone());
    const noEmail = await call(token, userRoutes.sendEmailVerification);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().detail).toBe(
      'Unable to verify email. Please ensure you have an email address set.',
    );

    await call(token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Ada Lovelace',
      email: 'Ada@Example.com',
    });
    const sent = await call(token, userRoutes.sendEmailVerification);
    expect(sent.json()).toEqual({ sent: true, email: 'ada@example.com' });
    const code = await latestCode(t.app, 'ada@example.com');

    const wrong = await call(token, userRoutes.verifyEmail, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Invalid verification code. Please try again.');

    const verified = await call(token, userRoutes.verifyEmail, { code });
    expect(verified.json()).toMatchObject({ email: 'ada@example.com', is_email_verified: true });

    const changed = await call(token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Ada Lovelace',
      email: 'ada@new.example',
    });
    expect(changed.json()).toMatchObject({ email: 'ada@new.example', is_email_verified: false });
    const claimed = await call(token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Ada Lovelace',
      is_email_verified: true,
    });
    expect(claimed.json().is_email_verified).toBe(false);
  });

  it('waits between email codes per person, even when the address alternates', async () => {
    const { token } = await signIn(t.app, nextPhone());
    const statuses: number[] = [];
    for (const email of [
      'one@example.com',
      'two@example.com',
      'one@example.com',
      'two@example.com',
    ]) {
      await call(token, userRoutes.updateProfileInfo, { user_legal_name: 'Ada Lovelace', email });
      statuses.push((await call(token, userRoutes.sendEmailVerification)).statusCode);
    }
    expect(statuses).toEqual([200, 429, 429, 429]);
    expect(await latestCode(t.app, 'two@example.com').catch(() => null)).toBeNull();
  });

  it('burns an emailed code after five wrong tries, like a texted one', async () => {
    const { token } = await signIn(t.app, nextPhone());
    await call(token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    await call(token, userRoutes.sendEmailVerification);
    const code = await latestCode(t.app, 'grace@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    // Sent together, so each try has to be counted before it is compared.
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => call(token, userRoutes.verifyEmail, { code: wrong })),
    );
    expect(tries.every((answer) => answer.statusCode === 400)).toBe(true);
    const compared = tries.filter(
      (answer) => answer.json().detail === 'Invalid verification code. Please try again.',
    );
    expect(compared.length).toBeLessThanOrEqual(4);
    const right = await call(token, userRoutes.verifyEmail, { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe(
      'Too many wrong tries for this code. Please ask for a new one.',
    );
    const profile = await call(token, userRoutes.profileInfo);
    expect(profile.json().is_email_verified).toBe(false);
  });

  it('refuses every user endpoint without a token', async () => {
    for (const route of Object.values(userRoutes)) {
      const response = await t.app.inject({ method: route.method, url: route.path, payload: {} });
      expect(response.statusCode, route.path).toBe(401);
      expect(response.headers['content-type'], route.path).toMatch(/^application\/problem\+json/);
    }
  });

  it("never lets one person reach another person's account", async () => {
    const alicePhone = nextPhone();
    const alice = await signIn(t.app, alicePhone);
    const bob = await signIn(t.app, nextPhone());
    await call(alice.token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Alice',
      email: 'alice@example.com',
    });

    const bobsView = await call(bob.token, userRoutes.profileInfo);
    expect(bobsView.json()).toMatchObject({ user_legal_name: null, email: null });
    const claim = await call(bob.token, userRoutes.fetchOrCreateUser, { phoneNumber: alicePhone });
    expect(claim.statusCode).toBe(403);
    const own = await call(alice.token, userRoutes.fetchOrCreateUser, { phoneNumber: alicePhone });
    expect(own.json()).toEqual({ existingUser: true, userId: alice.user.userId });

    await call(bob.token, userRoutes.deleteAccount);
    const stillThere = await call(alice.token, userRoutes.profileInfo);
    expect(stillThere.json().user_legal_name).toBe('Alice');
  });

  it('deletes every row of the account in every table, removes its bank items at the bank, and ends its sessions', async () => {
    const phone = nextPhone();
    const session = await signIn(t.app, phone);
    const email = 'gone@example.com';
    await call(session.token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Gone Person',
      email,
    });
    await call(session.token, userRoutes.sendEmailVerification);
    await call(session.token, userRoutes.submitFeedback, { feedback: 'bye' });
    const userId = session.user.userId;
    // A linked bank, synced and detected, so accounts, transactions and subscriptions exist too.
    await linkSandboxItem(t, session.token, { persona: 'default' });
    const { rows: items } = await t.database.executeSql(
      `select provider_item_id from bank_items where user_id = $1`,
      [userId],
    );
    expect(items).toHaveLength(1);
    const itemId = String(items[0]!.provider_item_id);
    const atTheBank = async () =>
      (
        await t.database.executeSql(
          `select count(*)::int as n from sandbox_bank.items where item_id = $1`,
          [itemId],
        )
      ).rows[0]!.n;
    expect(await atTheBank()).toBe(1);

    const deleted = await call(session.token, userRoutes.deleteAccount);
    expect(deleted.json()).toEqual({
      success: true,
      message: 'Your account and all of its data have been deleted.',
    });

    // The bank was told: the item is gone at the sandbox bank, as Plaid's /item/remove would do.
    expect(await atTheBank()).toBe(0);

    // Look in every table of every schema (the app's, the sandbox bank's, the job queue's) for
    // the id, the phone number or the email.
    const { rows: tables } = await t.database.executeSql(
      `select table_schema, table_name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    expect(tables.map((table) => table.table_schema)).toContain('sandbox_bank');
    for (const { table_schema, table_name } of tables) {
      const table = `"${String(table_schema)}"."${String(table_name)}"`;
      const { rows } = await t.database.executeSql(
        `select count(*)::int as n from ${table} t where t::text like $1 or t::text like $2 or t::text like $3`,
        [`%${userId}%`, `%${phone}%`, `%${email}%`],
      );
      expect(rows[0]!.n, `rows left in ${table}`).toBe(0);
    }

    const after = await call(session.accessToken, userRoutes.profileInfo);
    expect(after.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('production mode', () => {
  it('has no /api/dev routes', async () => {
    const urls: string[] = [];
    const t = await createTestApp({
      env: productionEnv,
      onRoute: (route) => urls.push(route.url),
    });
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((url) => url.startsWith('/api/dev'))).toEqual([]);
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/dev/payments/sync-transfer-events',
    });
    expect(sync.statusCode).toBe(404);
    await t.close();
  });
});
