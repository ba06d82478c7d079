/**
 * The sign-in limits an attacker meets: parallel guesses share one code's five tries, texting is
 * bounded per requester, per address, by country and by an hourly budget, proxies are trusted
 * only as configured, and a stranger's requests never lock the owner of a number out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { latestCode } from '../../../test/sign-in';

let phoneSeq = 0;
const nextPhone = () => `+1555557${String(phoneSeq++).padStart(4, '0')}`;

function client(t: TestApp) {
  return {
    start: (phoneNumber: string, remoteAddress = '127.0.0.1', headers = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/otp/start',
        payload: { phoneNumber },
        remoteAddress,
        headers,
      }),
    verify: (phoneNumber: string, code: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { phoneNumber, code },
        remoteAddress,
      }),
    outboxFor: async (to: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })
      ).json() as unknown[],
    /** Moves every code of a number back in time, as if the requests had been spread out. */
    age: (phoneNumber: string, seconds: number) =>
      t.database.executeSql(
        `update one_time_codes set created_at = created_at - make_interval(secs => $2)
          where subject = $1`,
        [phoneNumber, seconds],
      ),
  };
}

describe('guessing sign-in codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Per-client and per-phone limits out of the way: this is about the code's own five tries.
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_VERIFY_LIMIT_PER_PHONE_PER_MINUTE: '10000' },
    });
  });
  afterAll(() => t.close());

  it('compares at most five of 50 parallel wrong guesses, then refuses the right code', async () => {
    const { start, verify } = client(t);
    const phone = nextPhone();
    expect((await start(phone)).statusCode).toBe(200);
    const code = await latestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verify(phone, wrong, `198.51.100.${i + 1}`)),
    );
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const details = answers.map((a) => a.json().detail as string);
    expect(details.filter((d) => d === 'The code is not correct.').length).toBeLessThanOrEqual(4);
    const { rows } = await t.database.executeSql(
      'select attempts from one_time_codes where subject = $1',
      [phone],
    );
    expect(Number(rows[0]!.attempts)).toBe(5);

    const right = await verify(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe('Too many wrong tries for this code.');
  });
});

describe('limits on checking and texting codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });
  });
  afterAll(() => t.close());

  it('limits code checks per number, whatever address they come from', async () => {
    const { start, verify } = client(t);
    const phone = nextPhone();
    await start(phone);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await verify(phone, '999999', `203.0.113.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const last = await verify(phone, '999999', '203.0.113.200');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json()).toMatchObject({
      type: 'https://billow.app/problems/too-many-requests',
      detail: 'Too many tries for this number.',
    });
  });

  it("keeps the owner able to get a code after a stranger's five requests for their number", async () => {
    const { start, age, outboxFor } = client(t);
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await start(phone, '192.0.2.66')).statusCode).toBe(200);
      await age(phone, 31);
    }
    // The stranger has used up their own allowance for this number…
    const sixth = await start(phone, '192.0.2.66');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(
      'Too many codes were sent to this number. Please try again later.',
    );
    // …but not the owner's: from their own connection, after a short wait, a code goes out.
    await age(phone, 120);
    const owner = await start(phone, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().resendAfterSeconds).toBeLessThanOrEqual(600);
    expect(await outboxFor(phone)).toHaveLength(6);
  });

  it('makes a number under a stream of requests wait longer between codes, but never past 10 minutes', async () => {
    const { start, age } = client(t);
    const phone = nextPhone();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await start(phone, `192.0.2.${100 + i}`);
      expect(answer.statusCode).toBe(200);
      const wait = answer.json().resendAfterSeconds as number;
      waits.push(wait);
      await age(phone, wait);
    }
    expect(waits).toEqual([30, 30, 30, 30, 60, 120, 240, 480, 600, 600]);
  });

  it('limits how many numbers one address can have texted in an hour', async () => {
    const { start } = client(t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await start(nextPhone(), '192.0.2.200')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const refused = await start(nextPhone(), '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(
      'Too many codes were asked for from this connection. Please try again later.',
    );
  });

  it('texts no premium-rate, toll-free or unassigned number', async () => {
    const { start, outboxFor } = client(t);
    for (const number of [
      '+19005550123',
      '+18005550123',
      '+18885550123',
      '+10005550123',
      '+12120550123',
    ]) {
      const refused = await start(number, '192.0.2.32');
      expect(refused.statusCode, number).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'phone-invalid',
        errors: [{ field: 'phoneNumber', code: 'invalid_format' }],
      });
      expect(await outboxFor(number)).toEqual([]);
    }
    expect((await start('+12125550124', '192.0.2.32')).statusCode).toBe(200);
  });

  it('texts only numbers of the allowed countries, and says so', async () => {
    const { start, outboxFor } = client(t);
    for (const abroad of ['+447911123456', '+14165550199', '+18095550100']) {
      const refused = await start(abroad, '192.0.2.31');
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({
        type: 'https://billow.app/problems/bad-request',
        detail: 'Sign-in codes can only be texted to phone numbers in the United States.',
        errors: [{ field: 'phoneNumber', code: 'country_not_allowed' }],
      });
      expect(await outboxFor(abroad)).toEqual([]);
    }
    expect((await start('+12125550123', '192.0.2.31')).statusCode).toBe(200);
  });
});

describe('configured texting limits', () => {
  it('stops texting anyone once the hourly budget is spent', async () => {
    const t = await createTestApp({ env: { SMS_BUDGET_PER_HOUR: '2' } });
    const { start, outboxFor } = client(t);
    expect((await start(nextPhone(), '192.0.2.1')).statusCode).toBe(200);
    expect((await start(nextPhone(), '192.0.2.2')).statusCode).toBe(200);
    const phone = nextPhone();
    const over = await start(phone, '192.0.2.3');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().detail).toBe(
      'We are sending too many sign-in codes right now. Please try again later.',
    );
    expect(await outboxFor(phone)).toEqual([]);
    await t.close();
  });

  it('texts the countries it is told to', async () => {
    const t = await createTestApp({ env: { SMS_ALLOWED_COUNTRIES: 'US,CA' } });
    const { start } = client(t);
    expect((await start('+14165550199')).statusCode).toBe(200);
    const refused = await start('+447911123456');
    expect(refused.json().detail).toBe(
      'Sign-in codes can only be texted to phone numbers in the United States or Canada.',
    );
    await t.close();
  });

  it('ignores X-Forwarded-For unless a proxy is trusted, and then takes the address the proxy saw', async () => {
    const spoofed = (i: number) => ({ 'x-forwarded-for': `10.9.8.${i}` });
    const direct = await createTestApp({ env: { SMS_MAX_PER_ADDRESS_PER_HOUR: '2' } });
    const a = client(direct);
    const directStatuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      directStatuses.push((await a.start(nextPhone(), '192.0.2.9', spoofed(i))).statusCode);
    }
    expect(directStatuses).toEqual([200, 200, 429]);
    await direct.close();

    const proxied = await createTestApp({
      env: { SMS_MAX_PER_ADDRESS_PER_HOUR: '2', TRUST_PROXY: '10.0.0.1' },
    });
    const b = client(proxied);
    const viaProxy = (i: number, clientAddress: string) => ({
      // The client made up the first entry; the proxy appended the address it saw.
      'x-forwarded-for': `10.9.8.${i}, ${clientAddress}`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await b.start(nextPhone(), '10.0.0.1', viaProxy(i, '198.51.100.50'))).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Another client behind the same proxy has an allowance of its own.
    expect((await b.start(nextPhone(), '10.0.0.1', viaProxy(9, '198.51.100.51'))).statusCode).toBe(
      200,
    );
    await proxied.close();
  });
});

describe('texting limits under parallel requests', () => {
  // The per-minute route limit out of the way: these are the limits counted in the database,
  // which hold across processes because the count and the insert are one locked step.
  const env = { AUTH_RATE_LIMIT_PER_MINUTE: '10000' };

  it('texts one code for 15 parallel requests for one number', async () => {
    const t = await createTestApp({ env });
    const { start, outboxFor } = client(t);
    const phone = nextPhone();
    const answers = await Promise.all(Array.from({ length: 15 }, () => start(phone)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(14);
    expect(await outboxFor(phone)).toHaveLength(1);
    await t.close();
  });

  it('holds the per-address limit and the hourly budget for 40 parallel requests', async () => {
    const t = await createTestApp({
      env: { ...env, SMS_MAX_PER_ADDRESS_PER_HOUR: '5', SMS_BUDGET_PER_HOUR: '8' },
    });
    const { start } = client(t);
    const fromOne = await Promise.all(
      Array.from({ length: 40 }, () => start(nextPhone(), '192.0.2.77')),
    );
    expect(fromOne.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const fromMany = await Promise.all(
      Array.from({ length: 40 }, (_, i) => start(nextPhone(), `198.51.100.${i + 1}`)),
    );
    expect(fromMany.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from one_time_codes where purpose = 'sign-in'`,
    );
    expect(rows[0]!.n).toBe(8);
    await t.close();
  });
});
