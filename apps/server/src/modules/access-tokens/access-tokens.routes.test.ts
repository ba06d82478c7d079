import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenRoutes,
  subscriptionRoutes,
  userRoutes,
  paymentRoutes,
  negotiationRoutes,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
  type RouteContract,
} from '@billow/contracts';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('personal access tokens', () => {
  let t: TestApp;
  let session: string;
  let phoneSeq = 10;
  const nextPhone = () => `+141555507${phoneSeq++}`;

  const call = (route: RouteContract, token: string, payload?: object) =>
    t.app.inject({
      method: route.method,
      url: route.path,
      headers: bearer(token),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: payload ?? {} }),
    });

  async function create(
    token: string,
    body: { name: string; canWrite?: boolean; scopes?: AccessTokenScope[] },
  ) {
    const response = await call(accessTokenRoutes.create, token, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CreatedAccessToken;
  }

  async function expectProblem(
    response: Awaited<ReturnType<typeof call>>,
    status: number,
  ): Promise<void> {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  }

  beforeAll(async () => {
    t = await createTestApp();
    session = (await signIn(t.app, nextPhone())).token;
    await linkSandboxItem(t, session, { persona: 'default' });
  });
  afterAll(() => t.close());

  it('reads list-all, is refused for a change, and stops working once revoked', async () => {
    const { accessToken, secret } = await create(session, { name: 'budget script' });
    expect(secret).toMatch(/^bpat_[A-Za-z0-9_-]{43}$/);
    expect(accessToken).toMatchObject({
      name: 'budget script',
      scopes: ['read'],
      lastUsedAt: null,
    });

    const bySession = await call(subscriptionRoutes.listAll, session);
    const byToken = await call(subscriptionRoutes.listAll, secret);
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json()).toEqual(bySession.json());
    expect((byToken.json() as unknown[]).length).toBeGreaterThan(0);

    const feedback = await call(userRoutes.submitFeedback, secret, { feedback: 'hello' });
    await expectProblem(feedback, 403);
    expect(feedback.json()).toMatchObject({
      status: 403,
      detail: expect.stringMatching(/read-only/),
    });

    const [listed] = (await call(accessTokenRoutes.list, session).then((r) =>
      r.json(),
    )) as AccessToken[];
    expect(listed).toMatchObject({ id: accessToken.id, name: 'budget script' });
    expect(listed!.lastUsedAt).not.toBeNull();

    const revoked = await call(accessTokenRoutes.revoke, session, {
      accessTokenId: accessToken.id,
    });
    expect(revoked.json()).toEqual({ success: true });
    await expectProblem(await call(subscriptionRoutes.listAll, secret), 401);
    expect(await call(accessTokenRoutes.list, session).then((r) => r.json())).toEqual([]);
  });

  it('changes things only when made with the write scope, and never deletes the account', async () => {
    const { accessToken, secret } = await create(session, { name: 'writer', canWrite: true });
    expect(accessToken.scopes).toEqual(['read', 'write']);
    const feedback = await call(userRoutes.submitFeedback, secret, { feedback: 'from a script' });
    expect(feedback.statusCode, feedback.body).toBe(200);
    await expectProblem(await call(userRoutes.deleteAccount, secret), 403);
    expect((await call(userRoutes.profileInfo, session)).statusCode).toBe(200);
  });

  it('moves money and touches sensitive details only with their own scopes', async () => {
    const somethingSensitive = [
      [paymentRoutes.giftCard, { subscriptionId: crypto.randomUUID() }],
      [userRoutes.updateProfileInfo, { email: 'thief@example.com' }],
      [userRoutes.sendEmailVerification, {}],
      [
        negotiationRoutes.submitRequiredInfo,
        { subscriptionId: crypto.randomUUID(), requiredInfo: { ssn: '123-45-6789' } },
      ],
    ] as const;
    const pay = [paymentRoutes.pay, { subscriptionId: crypto.randomUUID() }] as const;

    // A write token changes things, but pays nothing and sees or changes nothing sensitive.
    const writer = (await create(session, { name: 'writer only', scopes: ['write'] })).secret;
    const refusedPay = await call(pay[0], writer, pay[1]);
    await expectProblem(refusedPay, 403);
    expect(refusedPay.json()).toMatchObject({ detail: expect.stringMatching(/payments scope/) });
    for (const [route, body] of somethingSensitive) {
      const refused = await call(route, writer, body);
      await expectProblem(refused, 403);
      expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/sensitive scope/) });
    }
    expect((await call(userRoutes.profileInfo, session)).json()).not.toMatchObject({
      email: 'thief@example.com',
    });

    // With the scopes, the same calls get through to the routes themselves (their own 4xx here).
    const trusted = await create(session, { name: 'trusted', scopes: ['payments', 'sensitive'] });
    expect(trusted.accessToken.scopes).toEqual(['read', 'payments', 'sensitive']);
    expect((await call(pay[0], trusted.secret, pay[1])).statusCode).not.toBe(403);
    for (const [route, body] of somethingSensitive)
      expect((await call(route, trusted.secret, body)).statusCode, route.path).not.toBe(403);
    // Payments and sensitive details do not make a token a writer.
    await expectProblem(
      await call(userRoutes.submitFeedback, trusted.secret, { feedback: 'hi' }),
      403,
    );
  });

  it('cannot make, list or revoke tokens itself', async () => {
    const { accessToken, secret } = await create(session, { name: 'all powerful', canWrite: true });
    await expectProblem(await call(accessTokenRoutes.create, secret, { name: 'another' }), 403);
    await expectProblem(await call(accessTokenRoutes.list, secret), 403);
    await expectProblem(
      await call(accessTokenRoutes.revoke, secret, { accessTokenId: accessToken.id }),
      403,
    );
    expect((await call(userRoutes.profileInfo, secret)).statusCode).toBe(200);
  });

  it('is refused when made up or edited', async () => {
    const { secret } = await create(session, { name: 'reader' });
    await expectProblem(await call(subscriptionRoutes.listAll, `bpat_${'A'.repeat(43)}`), 401);
    await expectProblem(await call(subscriptionRoutes.listAll, `${secret}x`), 401);
    const edited = `${secret.slice(0, -1)}${secret.endsWith('B') ? 'C' : 'B'}`;
    await expectProblem(await call(subscriptionRoutes.listAll, edited), 401);
  });

  it('keeps only the hash of a token, never the token', async () => {
    const { accessToken, secret } = await create(session, { name: 'hashed' });
    const rows = (
      await t.database.executeSql('select * from personal_access_tokens where id = $1', [
        accessToken.id,
      ])
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice('bpat_'.length));
  });

  it("cannot revoke another person's token: 404, and it keeps working", async () => {
    const other = (await signIn(t.app, nextPhone())).token;
    const { accessToken, secret } = await create(session, { name: 'mine' });
    const response = await call(accessTokenRoutes.revoke, other, { accessTokenId: accessToken.id });
    await expectProblem(response, 404);
    expect((await call(userRoutes.profileInfo, secret)).statusCode).toBe(200);
    expect(await call(accessTokenRoutes.list, other).then((r) => r.json())).toEqual([]);
  });

  it('names a token and refuses a blank name', async () => {
    const blank = await call(accessTokenRoutes.create, session, { name: '   ' });
    await expectProblem(blank, 400);
  });

  it("goes with the person's account", async () => {
    const phone = nextPhone();
    const own = (await signIn(t.app, phone)).token;
    const { secret } = await create(own, { name: 'doomed' });
    const { userId } = (await call(userRoutes.fetchUser, own).then((r) => r.json())) as {
      userId: string;
    };
    expect((await call(userRoutes.deleteAccount, own)).statusCode).toBe(200);
    await expectProblem(await call(subscriptionRoutes.listAll, secret), 401);
    const rows = await t.database.executeSql(
      'select id from personal_access_tokens where user_id = $1',
      [userId],
    );
    expect(rows.rows).toEqual([]);
  });
});
