/**
 * What a person and an operator see when the database misbehaves during sign-in: a constraint
 * the code did not expect, or the database going away. The person gets a problem (503 with
 * Retry-After when it is the database's trouble, not ours); the log gets enough to diagnose it
 * and nothing of theirs: no phone number, email, code or token, not even inside SQL parameters.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { authRoutes, userRoutes } from '@billow/contracts';
import { createOutageDatabase } from './database-outage';
import { bearer, latestCode, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function logText(t: TestApp): string {
  return JSON.stringify(t.logs);
}

function expectNoneIn(text: string, secrets: string[]) {
  for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);
}

describe('database faults while signing in', () => {
  it('logs a unique violation with its constraint but without the phone number or the SQL values', async () => {
    const t = await createTestApp({ env: { OTP_RESEND_COOLDOWN_SECONDS: '0' } });
    cleanups.push(() => t.close());
    // A constraint the code does not expect: one code row per phone, ever.
    await t.database.executeSql(
      'CREATE UNIQUE INDEX one_time_codes_one_per_phone ON one_time_codes (subject)',
    );
    const phoneNumber = '+14155550161';
    const first = await t.app.inject({
      method: 'POST',
      url: authRoutes.otpStart.path,
      payload: { phoneNumber },
    });
    expect(first.statusCode).toBe(200);
    const code = await latestCode(t.app, phoneNumber);

    const second = await t.app.inject({
      method: 'POST',
      url: authRoutes.otpStart.path,
      payload: { phoneNumber },
    });
    expect(second.statusCode).toBe(500);
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);

    const logged = t.logs.find((line) => line.msg === 'unexpected error');
    expect(logged?.err).toMatchObject({
      cause: { code: '23505', constraint: 'one_time_codes_one_per_phone' },
    });
    expectNoneIn(logText(t), ['4155550161', code]);
  });

  it('answers 503 with Retry-After while the database is gone, logs nothing personal, and recovers', async () => {
    const outage = await createOutageDatabase();
    const t = await createTestApp({ database: outage.database });
    cleanups.push(async () => {
      await t.close().catch(() => undefined);
      await outage.database.destroy();
    });
    const phoneNumber = '+14155550162';
    const email = 'outage.person@example.com';
    const session = await signIn(t.app, '+14155550164');
    const started = await t.app.inject({
      method: 'POST',
      url: authRoutes.otpStart.path,
      payload: { phoneNumber },
    });
    expect(started.statusCode).toBe(200);
    const code = await latestCode(t.app, phoneNumber);

    await outage.cut();
    const attempts = [
      t.app.inject({
        method: 'POST',
        url: authRoutes.otpVerify.path,
        payload: { phoneNumber, code },
      }),
      t.app.inject({
        method: 'POST',
        url: authRoutes.otpStart.path,
        payload: { phoneNumber: '+14155550163' },
      }),
      t.app.inject({
        method: 'POST',
        url: authRoutes.refresh.path,
        payload: { refreshToken: session.refreshToken },
      }),
      t.app.inject({
        method: 'POST',
        url: userRoutes.updateProfileInfo.path,
        headers: bearer(session.accessToken),
        payload: { email },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({
        type: 'https://billow.app/problems/external-service',
        status: 503,
      });
    }
    expectNoneIn(logText(t), [
      '4155550162',
      '4155550163',
      '4155550164',
      code,
      email,
      session.refreshToken,
      session.accessToken,
    ]);

    if (outage.canRestore) {
      await outage.restore();
      const verified = await t.app.inject({
        method: 'POST',
        url: authRoutes.otpVerify.path,
        payload: { phoneNumber, code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
  });
});
