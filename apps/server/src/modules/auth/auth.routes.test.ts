import { startFakeTwilio, INVALID_TWILIO_NUMBER } from '../../../test/fakes/fake-twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testSecrets, type TestApp } from '../../../test/test-app';
import { bearer, latestCode, signIn } from '../../../test/sign-in';

let phoneSeq = 100;
const nextPhone = () => `+1555555${String(phoneSeq++).padStart(4, '0')}`;

describe('sign-in with a texted code', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every test here signs in from the one test address: the per-client limit has its own
    // describe below, so here it must not depend on how fast the file runs.
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '200' } });
  });
  afterAll(() => t.close());

  const start = (phoneNumber: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp/start', payload: { phoneNumber } });
  const verify = (phoneNumber: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phoneNumber, code } });

  it('texts a six-digit code to the normalised number, the same answer for any number', async () => {
    const response = await start('(555) 555-0001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sent: true,
      phoneNumber: '+15555550001',
      expiresInSeconds: 300,
      resendAfterSeconds: 30,
    });
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=5555550001' });
    const [message] = outbox.json();
    expect(message).toMatchObject({ channel: 'sms', to: '+15555550001' });
    expect(message.body).toMatch(/^Your Billow code is \d{6}\./);
  });

  it('creates the user on the first verify and finds them on the next', async () => {
    const phone = nextPhone();
    const first = await signIn(t.app, phone);
    expect(first.user).toEqual({
      existingUser: false,
      is_onboarded: false,
      userId: expect.any(String),
      user_legal_name: null,
      linkedAccounts: [],
    });
    expect(first.token).toMatch(/^ey/);
    expect(first.accessToken).toMatch(/^ey/);
    expect(first.refreshToken.length).toBeGreaterThan(30);

    await t.database.executeSql(
      `update one_time_codes set created_at = now() - interval '1 minute' where subject = $1`,
      [phone],
    );
    const second = await signIn(t.app, phone);
    // Back before finishing the settings onboarding: the web resumes it rather than skipping it.
    expect(second.user).toMatchObject({
      existingUser: true,
      is_onboarded: false,
      userId: first.user.userId,
    });

    await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile-info-from-onboarding',
      headers: bearer(second.accessToken),
      payload: {
        gender: null,
        profile_settings: {
          is_bill_negotiation_enabled: false,
          is_subscription_notifications_enabled: true,
        },
      },
    });
    await t.database.executeSql(
      `update one_time_codes set created_at = now() - interval '1 minute' where subject = $1`,
      [phone],
    );
    const third = await signIn(t.app, phone);
    expect(third.user).toMatchObject({ existingUser: true, is_onboarded: true });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile-info',
      headers: bearer(second.accessToken),
    });
    expect(profile.json().phone_number).toBe(phone);
  });

  it('refuses a wrong code, and burns the code after five wrong tries', async () => {
    const phone = nextPhone();
    await start(phone);
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await verify(phone, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        type: 'https://billow.app/problems/authentication-failed',
        detail: 'The code is not correct.',
      });
    }
    const fifth = await verify(phone, wrong);
    expect(fifth.json().detail).toBe('Too many wrong tries for this code.');
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe('Too many wrong tries for this code.');
  });

  it('refuses an expired code and a used one', async () => {
    const phone = nextPhone();
    await start(phone);
    const code = await latestCode(t.app, phone);
    await t.database.executeSql(
      `update one_time_codes set expires_at = now() - interval '1 second' where subject = $1`,
      [phone],
    );
    const expired = await verify(phone, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe('The code has expired.');

    const other = nextPhone();
    await signIn(t.app, other);
    const reused = await verify(other, await latestCode(t.app, other));
    expect(reused.json().detail).toBe('No code was sent to this number.');
  });

  it('asks to wait before a resend, with Retry-After', async () => {
    const phone = nextPhone();
    expect((await start(phone)).statusCode).toBe(200);
    const again = await start(phone);
    expect(again.statusCode).toBe(429);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(25);
    expect(again.json()).toMatchObject({
      type: 'https://billow.app/problems/too-many-requests',
      status: 429,
    });
  });

  it('stops at five codes an hour for one phone', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await start(phone)).statusCode).toBe(200);
      await t.database.executeSql(
        `update one_time_codes set created_at = created_at - interval '1 minute' where subject = $1`,
        [phone],
      );
    }
    const sixth = await start(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(
      'Too many codes were sent to this number. Please try again later.',
    );
  });

  it.each(['12', '555-1234', '+1 555 1234'])(
    'refuses %s, a number that cannot be one',
    async (input) => {
      const response = await start(input);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'phoneNumber', message: 'Invalid phone number', code: 'invalid_format' },
      ]);
    },
  );

  it('rotates refresh tokens and ends the whole session when a rotated one comes back', async () => {
    const session = await signIn(t.app, nextPhone());
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user/profile-info',
          headers: bearer(next.token),
        })
      ).statusCode,
    ).toBe(200);

    // Past the reuse interval in which a client racing itself gets the same successor.
    await t.database.executeSql(
      `update refresh_tokens set replaced_at = replaced_at - interval '1 minute'
        where replaced_at is not null and user_id = $1`,
      [session.user.userId],
    );
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    // The thief's replay also killed the legitimate newer token.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('stores refresh tokens and codes only as hashes', async () => {
    const phone = nextPhone();
    const session = await signIn(t.app, phone);
    const code = await latestCode(t.app, phone);
    const { rows } = await t.database.executeSql(
      `select (select count(*) from refresh_tokens where token_hash = $1) as plain_tokens,
              (select count(*) from one_time_codes where code_hash = $2) as plain_codes`,
      [session.refreshToken, code],
    );
    expect(rows[0]).toEqual({ plain_tokens: expect.anything(), plain_codes: expect.anything() });
    expect(Number(rows[0]!.plain_tokens)).toBe(0);
    expect(Number(rows[0]!.plain_codes)).toBe(0);
  });

  it('revokes the session on logout, even once the access token has expired', async () => {
    const session = await signIn(t.app, nextPhone());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.json()).toEqual({ success: true });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('answers 401 problems for a missing, forged or expired token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/user/profile-info' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().type).toBe('https://billow.app/problems/unauthorized');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile-info',
      headers: bearer('eyJhbGciOiJIUzI1NiJ9.e30.x'),
    });
    expect(forged.statusCode).toBe(401);

    const session = await signIn(t.app, nextPhone());
    const [, payload] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const { createSessionTokenService } = await import('./session-tokens');
    const past = createSessionTokenService({
      key: testSecrets.authSecret,
      now: () => new Date(Date.now() - 3600_000),
    });
    const stale = await past.issue({ id: claims.sub, phoneNumber: '+15555550100' }, claims.sid);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile-info',
      headers: bearer(stale.accessToken),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().type).toBe('https://billow.app/problems/token-expired');
  });
});

describe('per-client rate limit on sign-in', () => {
  it('answers 429 with Retry-After once a client sends too many requests', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/otp/start',
        payload: { phoneNumber: `+1555555${9000 + i}` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.headers['content-type']).toMatch(/^application\/problem\+json/);
    await t.close();
  });
});

describe('sign-in through Twilio', () => {
  it('texts the code through Twilio and leaves no code behind when Twilio refuses the number', async () => {
    const credentials = { accountSid: `AC${'c3'.repeat(16)}`, authToken: 'fake-twilio-auth-token' };
    const twilio = await startFakeTwilio(credentials);
    const t = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: credentials.accountSid,
        TWILIO_AUTH_TOKEN: credentials.authToken,
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: twilio.url,
      },
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/start',
      payload: { phoneNumber: '5555550777' },
    });
    expect(ok.statusCode).toBe(200);
    expect(twilio.messages).toEqual([
      expect.objectContaining({
        to: '+15555550777',
        from: '+15005550006',
        body: expect.stringMatching(/^Your Billow code is \d{6}\./),
      }),
    ]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/start',
      payload: { phoneNumber: INVALID_TWILIO_NUMBER },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      type: 'https://billow.app/problems/external-service',
      detail: 'We could not text this number. Please check it and try again.',
    });
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from one_time_codes where subject = $1',
      [INVALID_TWILIO_NUMBER],
    );
    expect(rows[0]!.n).toBe(0);

    // Twilio busy or down, or Billow's own credentials wrong: not the person's number.
    twilio.failNext(503, 20503, 'Service Unavailable');
    const busy = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/start',
      payload: { phoneNumber: '5555550778' },
    });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBeDefined();
    expect(busy.json()).toMatchObject({
      code: 'sms-unavailable',
      detail: 'We could not send a text right now. Please try again in a few minutes.',
    });
    twilio.failNext(401, 20003, 'Authenticate');
    const misconfigured = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/start',
      payload: { phoneNumber: '5555550779' },
    });
    expect(misconfigured.json()).toMatchObject({ code: 'sms-unavailable' });
    await t.close();
    await twilio.close();
  });
});
