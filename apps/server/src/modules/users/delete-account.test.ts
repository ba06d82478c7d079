/**
 * Deleting the account needs the person, not just an open session (docs/privacy.md): a session
 * signed into a moment ago may delete; later, only with a code just texted to the person's phone.
 */
import { userRoutes } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, latestCode, signIn } from '../../../test/sign-in';

describe('deleting the account', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };
  /** The person signed in with a code `minutes` ago (sessions keep their own clock). */
  const signedInAgo = (phone: string, minutes: number) =>
    t.database.executeSql(
      `update refresh_tokens set created_at = created_at - make_interval(mins => $2)
       where user_id = (select id from users where phone_number = $1)`,
      [phone, minutes],
    );
  const remove = (token: string, body?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: userRoutes.deleteAccount.path,
      headers: bearer(token),
      ...(body ? { payload: body } : {}),
    });
  const sendCode = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: userRoutes.sendDeleteAccountCode.path,
      headers: bearer(token),
    });
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: userRoutes.profileInfo.path, headers: bearer(token) });

  it('deletes for someone who signed in a moment ago, without a code', async () => {
    const phone = '+14155550501';
    const { token } = await signIn(t.app, phone);
    await signedInAgo(phone, 5);
    const deleted = await remove(token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true });
  });

  it('asks a session signed into earlier for a texted code, and deletes only with the right one', async () => {
    const phone = '+14155550502';
    const { token } = await signIn(t.app, phone);
    // Still signed in a day later (the session refreshed), on a device left open.
    await signedInAgo(phone, 24 * 60);
    const refused = await remove(token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'fresh-code-needed' });
    expect((await profile(token)).statusCode).toBe(200);

    const sent = await sendCode(token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true, phoneLastFour: '0502' });
    const code = await latestCode(t.app, phone);

    const wrong = await remove(token, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'code-wrong' });
    expect((await profile(token)).statusCode).toBe(200);

    const deleted = await remove(token, { code });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('refuses a code that has expired', async () => {
    const phone = '+14155550503';
    const { token } = await signIn(t.app, phone);
    await signedInAgo(phone, 60);
    expect((await sendCode(token)).statusCode).toBe(200);
    const code = await latestCode(t.app, phone);
    later(6);
    const expired = await remove(token, { code });
    expect(expired.statusCode, expired.body).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'code-expired' });
    expect((await profile(token)).statusCode).toBe(200);
  });
});
