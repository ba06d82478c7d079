/**
 * A code the profile could not deliver (the email server or the SMS vendor refused it) is
 * withdrawn: the person is told why, and asking again is not held back by the wait between codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { CodePolicy } from '../one-time-codes/one-time-codes.service';
import { checkCode, sendCode } from './user-codes';

const policy: CodePolicy = {
  purpose: 'email',
  length: 6,
  ttlSeconds: 600,
  maxAttempts: 5,
  cooldownSeconds: 30,
};
const to = { subject: 'user-codes-test', destination: 'ada@example.com' };

describe('codes the profile sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('withdraws a code it could not deliver, so asking again is not held back', async () => {
    const codes = t.modules.codes.service;
    const refused = new Error('We could not send the email.');
    await expect(
      sendCode(
        codes,
        policy,
        to,
        () => Promise.reject(new Error('connection refused')),
        () => refused,
      ),
    ).rejects.toBe(refused);

    let delivered = '';
    await sendCode(
      codes,
      policy,
      to,
      async (code) => {
        delivered = code;
      },
      (error) => error,
    );
    expect(delivered).toMatch(/^\d{6}$/);
    await expect(
      sendCode(
        codes,
        policy,
        to,
        async () => {},
        (error) => error,
      ),
    ).rejects.toMatchObject({ status: 429, code: 'code-just-sent' });

    await checkCode(codes, policy, to, `${delivered.slice(0, 3)} ${delivered.slice(3)}`, 'Wrong');
  });
});
