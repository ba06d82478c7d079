/**
 * Every route of the API, generated from the contracts' route list: each signed-in route refuses
 * every kind of bad token with a 401 problem, and a second person using the first person's ids
 * gets 404 and changes nothing. A route registered without a contract fails the first test, so
 * nothing escapes this matrix by being new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accessTokenRoutes,
  apiRoutes,
  bankingRoutes,
  cancellationRoutes,
  importRoutes,
  paymentRoutes,
  rewardRoutes,
  sandboxRoutes,
  subscriptionRoutes,
  userRoutes,
  type RouteContract,
} from '@billow/contracts';
import { forgedAuthorizations } from './forged-tokens';
import { linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

/**
 * Routes outside the contracts on purpose: provider webhooks speak the provider's shapes, and the
 * chat is a WebSocket whose frames are a contract of their own (chat.ts in the contracts).
 */
const UNCONTRACTED_ROUTES = ['POST /api/plaid/webhook', 'GET /ws/chat'];

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const signedInRoutes = apiRoutes.filter((route) => route.auth !== false);

function inject(
  t: TestApp,
  route: RouteContract,
  authorization: string | undefined,
  body?: object,
) {
  return t.app.inject({
    method: route.method,
    url: route.path,
    headers: authorization ? { authorization } : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body ?? {} }),
  });
}

/** The uuid fields of a route's body: where one person's ids could be passed by another. */
function idFields(route: RouteContract): string[] {
  if (!route.body) return [];
  const schema = z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { format?: string }>;
  };
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.format === 'uuid')
    .map(([name]) => name);
}

describe('the route list', () => {
  it('holds every route the server registers', async () => {
    const registered: string[] = [];
    const t = await createTestApp({
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
        }
      },
    });
    await t.close();
    const listed = new Set([...apiRoutes.map(key), ...UNCONTRACTED_ROUTES]);
    expect(registered.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !registered.includes(route))).toEqual([]);
  });
});

describe('every signed-in route', () => {
  let t: TestApp;
  let authorizations: Record<string, string | undefined>;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await signIn(t.app, '+14155550191');
    const b = await signIn(t.app, '+14155550192');
    authorizations = await forgedAuthorizations(a.accessToken, b.user.userId);
  });
  afterAll(() => t.close());

  it('is not empty', () => expect(signedInRoutes.length).toBeGreaterThan(10));

  for (const route of signedInRoutes) {
    it(`${key(route)} refuses a missing, garbage, expired, unsigned, foreign-key or edited token`, async () => {
      for (const [name, authorization] of Object.entries(authorizations)) {
        const response = await inject(t, route, authorization);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(401);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    });
  }
});

describe("one person's ids in another person's requests", () => {
  let t: TestApp;
  let a: {
    token: string;
    accounts: string[];
    subscriptions: string[];
    accessTokens: string[];
    transactions: string[];
    cancellations: string[];
    rewardTransactions: string[];
  };
  let bToken: string;

  async function snapshotOfA() {
    const headers = bearer(a.token);
    const [profile, subscriptions, status, accessTokens] = await Promise.all([
      t.app.inject({ method: 'GET', url: userRoutes.profileInfo.path, headers }),
      t.app.inject({ method: 'GET', url: subscriptionRoutes.listAll.path, headers }),
      t.app.inject({ method: 'GET', url: bankingRoutes.transactionLoadStatus.path, headers }),
      t.app.inject({ method: 'GET', url: accessTokenRoutes.list.path, headers }),
    ]);
    return [profile.json(), subscriptions.json(), status.json(), accessTokens.json()];
  }

  beforeAll(async () => {
    t = await createTestApp();
    const session = await signIn(t.app, '+14155550193');
    await linkSandboxItem(t, session.token, { persona: 'default' });
    // An imported account too: ids of both kinds of account are tried.
    const imported = await t.app.inject({
      method: 'POST',
      url: importRoutes.commit.path,
      headers: bearer(session.token),
      payload: { fileName: 'bank.csv', fileText: SAMPLE_CSV },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: userRoutes.profileInfo.path,
      headers: bearer(session.token),
    });
    const subscriptions = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(session.token),
    });
    const accessToken = await t.app.inject({
      method: 'POST',
      url: accessTokenRoutes.create.path,
      headers: bearer(session.token),
      payload: { name: 'script' },
    });
    const candidates = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.missedCandidates.path,
      headers: bearer(session.token),
    });
    const cancellation = await t.app.inject({
      method: 'POST',
      url: cancellationRoutes.cancel.path,
      headers: bearer(session.token),
      payload: {
        subscriptionId: (subscriptions.json() as { id: string }[])[0]!.id,
        method: 'self',
      },
    });
    expect(cancellation.statusCode, cancellation.body).toBe(200);
    // A reward entry of theirs, for the routes that take one.
    await t.modules.rewards.service.record({
      userId: session.user.userId,
      subscriptionId: null,
      kind: 'earned',
      source: 'negotiation',
      amountCents: 500,
      sourceKey: 'negotiation:route-matrix',
      occurredAt: new Date(),
    });
    const history = await t.app.inject({
      method: 'GET',
      url: `${rewardRoutes.history.path}?page=1&page_size=20`,
      headers: bearer(session.token),
    });
    expect(history.statusCode, history.body).toBe(200);
    a = {
      rewardTransactions: (history.json() as { transactions: { id: string }[] }).transactions.map(
        (entry) => entry.id,
      ),
      cancellations: [(cancellation.json() as { id: string }).id],
      transactions: (
        candidates.json() as { transactions: { transaction_id: string }[] }
      ).transactions
        .slice(0, 3)
        .map((c) => c.transaction_id),
      token: session.token,
      accessTokens: [(accessToken.json() as { accessToken: { id: string } }).accessToken.id],
      accounts: (profile.json() as { linkedAccounts: { id: string }[] }).linkedAccounts.map(
        (account) => account.id,
      ),
      subscriptions: (subscriptions.json() as { id: string }[]).map((s) => s.id),
    };
    bToken = (await signIn(t.app, '+14155550194')).token;
  });
  afterAll(() => t.close());

  it("gets 404 on every route that takes an id, and leaves the first person's data as it was", async () => {
    const idsByField: Record<string, string[]> = {
      financialAccountId: a.accounts,
      subscriptionId: a.subscriptions,
      subscription_id: a.subscriptions,
      importedAccountId: a.accounts,
      accessTokenId: a.accessTokens,
      transactionId: a.transactions,
      cancellationId: a.cancellations,
      transaction_id: a.rewardTransactions,
    };
    expect(a.accounts.length).toBeGreaterThan(0);
    expect(a.subscriptions.length).toBeGreaterThan(0);
    expect(a.transactions.length).toBeGreaterThan(0);
    expect(a.rewardTransactions.length).toBeGreaterThan(0);
    const before = await snapshotOfA();
    const routes = signedInRoutes.filter((route) => idFields(route).length > 0);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      for (const field of idFields(route)) {
        const ids = idsByField[field];
        expect(ids, `no id of the first person for ${key(route)} ${field}: add one`).toBeDefined();
        for (const id of ids!) {
          const body = { ...validExtras(route), ...otherIds(route, field), [field]: id };
          const response = await inject(t, route, `Bearer ${bToken}`, body);
          if (route === paymentRoutes.pay) {
            // docs/annual-plans.md, "When paying fails": pay answers in its body, which is what the
            // web reads.
            expect(response.statusCode).toBe(200);
            // Whichever id is the other person's, it is not found (the subscription is checked first).
            expect(response.json()).toMatchObject({
              success: false,
              error_type: 'subscription_not_found',
            });
            continue;
          }
          expect(response.statusCode, `${key(route)} ${response.body}`).toBe(404);
          expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        }
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });
});

/** The other ids a route needs besides the one under test: made up, so nobody's. */
function otherIds(route: RouteContract, field: string): Record<string, string> {
  return Object.fromEntries(
    idFields(route)
      .filter((other) => other !== field && !isOptional(route, other))
      .map((other) => [other, crypto.randomUUID()]),
  );
}

function isOptional(route: RouteContract, field: string): boolean {
  const schema = z.toJSONSchema(route.body!, { io: 'input', unrepresentable: 'any' }) as {
    required?: string[];
  };
  return !(schema.required ?? []).includes(field);
}

/** A small bank export, for the routes that read one. */
const SAMPLE_CSV = 'Date,Description,Amount\n11/02/2026,NETFLIX.COM,-15.49\n';

/** Fields a route needs that no literal in its contract gives (a file to import). */
const sampleFields = new Map<RouteContract, Record<string, unknown>>([
  [importRoutes.commit, { fileName: 'bank.csv', fileText: SAMPLE_CSV }],
  [subscriptionRoutes.addMissed, { name: 'Gym', cadence: 'MONTHLY' }],
  [cancellationRoutes.cancel, { method: 'self' }],
  [
    sandboxRoutes.createTransactions,
    {
      transactions: [
        {
          date_transacted: '2026-01-02',
          date_posted: '2026-01-02',
          amount: 1,
          description: 'SAMPLE',
        },
      ],
    },
  ],
]);

/** The other fields a route needs besides the id (literals the contract fixes, sample values). */
function validExtras(route: RouteContract): Record<string, unknown> {
  if (!route.body) return {};
  const schema = z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { const?: unknown; enum?: unknown[] }>;
  };
  const extras: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.const !== undefined) extras[name] = property.const;
    else if (property.enum?.length === 1) extras[name] = property.enum[0];
  }
  return { ...extras, ...sampleFields.get(route) };
}
