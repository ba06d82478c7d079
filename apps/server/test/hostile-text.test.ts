/**
 * NUL characters and lone surrogates in request strings: PostgreSQL cannot store the first and
 * silently mangles the second, so both are refused as a 400 validation problem wherever they
 * appear, signed in or not (these were 500s with a stack in the log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsRoutes,
  authRoutes,
  bankingRoutes,
  sandboxRoutes,
  userRoutes,
} from '@billow/contracts';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const hostile = ['bad\u0000text', 'lone \ud800 high', 'lone \udc00 low'];

describe('hostile characters in request strings', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signIn(t.app, '+14155550171')).accessToken;
  });
  afterAll(() => t.close());

  const cases: [string, { path: string; method: string }, (s: string) => object, boolean][] = [
    [
      'an analytics event property',
      analyticsRoutes.track,
      (s) => ({
        events: [
          {
            name: 'page_view',
            anonymousId: '7d8f0a52-8d0c-4a3e-9b1e-3f3c2f6b9a10',
            properties: { label: s },
          },
        ],
      }),
      false,
    ],
    ['feedback', userRoutes.submitFeedback, (s) => ({ feedback: s }), true],
    ['a legal name', userRoutes.updateProfileInfo, (s) => ({ user_legal_name: s }), true],
    ['a link result', bankingRoutes.linkResult, (s) => ({ publicToken: s }), true],
    [
      'a sandbox link login',
      sandboxRoutes.login,
      (s) => ({ link_token: s, institution_id: 'ins_109508', username: s, password: s }),
      false,
    ],
    [
      'sandbox override accounts',
      sandboxRoutes.publicToken,
      (s) => ({
        override_accounts: [{ type: 'depository', subtype: 'checking', meta: { name: s } }],
      }),
      false,
    ],
    ['a phone number', authRoutes.otpStart, (s) => ({ phoneNumber: `415555${s}` }), false],
  ];

  for (const [what, route, body, isSignedIn] of cases) {
    it(`refuses ${what} holding NUL or a lone surrogate with a 400 validation problem`, async () => {
      for (const value of hostile) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.path,
          headers: isSignedIn ? bearer(token) : {},
          payload: body(value),
        });
        expect(response.statusCode, `${JSON.stringify(value)}: ${response.body}`).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(response.json()).toMatchObject({
          type: 'https://billow.app/problems/validation',
        });
      }
    });
  }

  it('logged no stack for any of them', () => {
    expect(t.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
