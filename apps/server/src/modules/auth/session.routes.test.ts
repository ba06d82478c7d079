import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, testSecrets, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';
import { REFRESH_REUSE_INTERVAL_SECONDS } from './session-tokens';

let phoneSeq = 600;
const nextPhone = () => `+1555556${String(phoneSeq++).padStart(4, '0')}`;

describe('sessions: refresh races, logout and odd tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: bearer(token) });

  it('gives every parallel refresh with one token the same new refresh token', async () => {
    const session = await signIn(t.app, nextPhone());
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refresh(session.refreshToken)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const successors = new Set(answers.map((a) => a.json().refreshToken as string));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect(successor).not.toBe(session.refreshToken);
    for (const answer of answers)
      expect((await profile(answer.json().accessToken)).statusCode).toBe(200);
    // The session goes on: the shared successor rotates like any refresh token.
    expect((await refresh(successor!)).statusCode).toBe(200);
  });

  it('answers a rotated token again within the reuse interval, and keeps no usable token stored', async () => {
    const session = await signIn(t.app, nextPhone());
    const first = (await refresh(session.refreshToken)).json();
    const again = await refresh(session.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().refreshToken).toBe(first.refreshToken);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from refresh_tokens where token_hash = $1',
      [first.refreshToken],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('ends the whole session when a rotated token comes back after the reuse interval', async () => {
    const session = await signIn(t.app, nextPhone());
    const next = (await refresh(session.refreshToken)).json();
    await t.database.executeSql(
      `update refresh_tokens set replaced_at = replaced_at - make_interval(secs => $1)
        where replaced_at is not null and user_id = $2`,
      [REFRESH_REUSE_INTERVAL_SECONDS + 1, session.user.userId],
    );
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await profile(next.accessToken)).statusCode).toBe(401);
  });

  it('ends the access and identity tokens of a session at logout, not 15 minutes later', async () => {
    const session = await signIn(t.app, nextPhone());
    const other = await signIn(t.app, nextPhone());
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    for (const token of [session.accessToken, session.token]) {
      const after = await profile(token);
      expect(after.statusCode).toBe(401);
      expect(after.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // Someone else's session is untouched.
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('answers a 401 problem for a validly signed token whose subject is not a user id', async () => {
    const session = await signIn(t.app, nextPhone());
    const claims = JSON.parse(
      Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    for (const sub of ['not-a-uuid', "1' or '1'='1", '']) {
      const forged = await new SignJWT({ ...claims, sub })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(testSecrets.authSecret);
      const response = await profile(forged);
      expect(response.statusCode).toBe(401);
      expect(response.json().type).toBe('https://billow.app/problems/unauthorized');
    }
  });
});
