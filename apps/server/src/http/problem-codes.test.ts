import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, sandboxRoutes, userRoutes } from '@billow/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bearer, signIn } from '../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('problem codes', () => {
  it('say why a sign-in code was refused, for the web to word it', async () => {
    const phoneNumber = '+15555550301';
    await post(authRoutes.otpStart.path, { phoneNumber });
    const wrong = await post(authRoutes.otpVerify.path, { phoneNumber, code: '000000' });
    expect(wrong.json()).toMatchObject({ status: 400, code: 'code-wrong' });
    for (let i = 0; i < 4; i++)
      await post(authRoutes.otpVerify.path, { phoneNumber, code: '000000' });
    const burned = await post(authRoutes.otpVerify.path, { phoneNumber, code: '000000' });
    expect(burned.json()).toMatchObject({ code: 'code-burned' });

    const again = await post(authRoutes.otpStart.path, { phoneNumber });
    expect(again.json()).toMatchObject({ status: 429, code: 'code-just-sent' });
    const abroad = await post(authRoutes.otpStart.path, { phoneNumber: '+447911123456' });
    expect(abroad.json()).toMatchObject({ status: 400, code: 'country-not-allowed' });
    const refresh = await post(authRoutes.refresh.path, { refreshToken: 'not-a-token' });
    expect(refresh.json()).toMatchObject({ status: 401, code: 'refresh-invalid' });
  });

  it('say why the recovery email could not be verified', async () => {
    const { token } = await signIn(t.app, '+15555550302');
    const noEmail = await post(userRoutes.sendEmailVerification.path, {}, bearer(token));
    expect(noEmail.json()).toMatchObject({ code: 'email-missing' });
  });

  it("carry the sandbox bank's own error code, and its message as the detail", async () => {
    const resumed = await t.app.inject({
      url: `${sandboxRoutes.oauthResume.path}?oauth_state_id=nope`,
    });
    expect(resumed.statusCode).toBe(400);
    expect(resumed.json()).toMatchObject({
      code: 'INVALID_OAUTH_STATE',
      detail: 'unknown OAuth state',
    });
  });
});
