import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';

describe('POST /api/analytics/events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const anonymousId = '6f1c1f5e-2b7a-4f51-9a43-1e7f1e0f9c11';
  const send = (events: unknown[], headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/events', headers, payload: { events } });

  it('records events from anonymous visitors', async () => {
    const response = await send([
      { name: 'page_view', anonymousId, path: '/signup' },
      {
        name: 'signup_merchant_selected',
        anonymousId,
        path: '/signup',
        properties: { merchant_id: 9 },
      },
    ]);
    expect(response.json()).toEqual({ accepted: 2 });
    const { rows } = await t.database.executeSql(
      `select name, user_id, properties from analytics_events where anonymous_id = $1 order by name`,
      [anonymousId],
    );
    expect(rows).toEqual([
      { name: 'page_view', user_id: null, properties: null },
      { name: 'signup_merchant_selected', user_id: null, properties: { merchant_id: 9 } },
    ]);
  });

  it('ties a signed-in visitor’s events to the account', async () => {
    const session = await signIn(t.app, '+15555553001');
    await send(
      [{ name: 'user_signup', anonymousId, properties: { source: 'netflix-signup' } }],
      bearer(session.token),
    );
    const { rows } = await t.database.executeSql(
      `select user_id from analytics_events where name = 'user_signup'`,
    );
    expect(rows).toEqual([{ user_id: session.user.userId }]);
  });

  it('refuses unknown events and personal data, storing nothing', async () => {
    const unknown = await send([{ name: 'clicked_everything', anonymousId }]);
    expect(unknown.statusCode).toBe(400);
    const personal = await send([
      { name: 'page_view', anonymousId: 'a1b2c3d4-0000-4000-8000-000000000000' },
      {
        name: 'signup_estimate_entered',
        anonymousId: 'a1b2c3d4-0000-4000-8000-000000000000',
        properties: { estimated_amount: 50 },
      },
    ]);
    expect(personal.statusCode).toBe(400);
    expect(personal.json().errors[0].message).toBe(
      'Personal data is not allowed in analytics properties',
    );
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from analytics_events where anonymous_id = 'a1b2c3d4-0000-4000-8000-000000000000'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
