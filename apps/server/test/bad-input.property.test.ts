/**
 * Property-based bad input against every POST route in the contracts' route list: bodies derived
 * from each contract (fitting, with hostile leaves, or any JSON), raw texts a parser must refuse
 * (prototype keys, deep nesting, more than a megabyte). Whatever arrives, the answer is never a
 * 5xx, and every refusal is problem details. A fixed seed keeps a failure reproducible.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, problemDetails, type RouteContract } from '@billow/contracts';
import { bodiesFor, hostileJson } from './arbitraries';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const SEED = 20_261_123;
const RUNS_PER_ROUTE = 25;

const rawBodies: [string, string][] = [
  ['a __proto__ key', '{"__proto__":{"isAdmin":true},"feedback":"x"}'],
  ['a constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['deep nesting', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['deep object nesting', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
  ['more than a megabyte', JSON.stringify({ feedback: 'a'.repeat(1024 * 1024 + 1) })],
  ['just under a megabyte', JSON.stringify({ feedback: 'a'.repeat(1024 * 1024 - 100) })],
  ['a NUL outside any string', '{"feedback":"x"}\u0000'],
  ['a lone surrogate as raw text', '{"feedback":"\ud800"}'],
  ['an escaped NUL', '{"feedback":"\\u0000"}'],
  ['an escaped lone surrogate', '{"feedback":"\\udc00"}'],
  ['not JSON', '{feedback'],
];

const postRoutes = apiRoutes.filter((route) => route.method === 'POST');

describe('bad input on every POST route', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // Limits off, so each body reaches the route instead of the rate limiter.
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });
    token = (await signIn(t.app, '+14155550201')).token;
  });
  afterAll(() => t.close());

  async function send(route: RouteContract, payload: string) {
    const response = await t.app.inject({
      method: route.method,
      url: route.path,
      headers: {
        'content-type': 'application/json',
        ...(route.auth === false ? {} : bearer(token)),
      },
      payload,
    });
    const what = `${route.method} ${route.path} ${payload.slice(0, 200)} → ${response.body.slice(0, 300)}`;
    expect(response.statusCode, what).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(response.headers['content-type'], what).toMatch(/^application\/problem\+json/);
      expect(problemDetails.safeParse(response.json()).success, what).toBe(true);
    }
  }

  it('has routes to try', () => expect(postRoutes.length).toBeGreaterThan(15));

  for (const route of postRoutes) {
    it(`${route.method} ${route.path} never answers 5xx, and refuses with problem details`, async () => {
      const bodies = route.body ? bodiesFor(route.body) : hostileJson;
      await fc.assert(
        fc.asyncProperty(bodies, (body) => send(route, JSON.stringify(body ?? null))),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
      for (const [, raw] of rawBodies) await send(route, raw);
    });
  }

  it('logged no unexpected error', () => {
    expect(t.logs.filter((line) => Number(line.level) >= 50).map((line) => line.msg)).toEqual([]);
  });
});
