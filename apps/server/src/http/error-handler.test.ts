import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, problemDetails } from '@billow/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mount } from './route';

const echoRoute = defineRoute({
  method: 'POST',
  path: '/api/test/echo',
  auth: false,
  body: z.object({
    name: z.string().min(1),
    age: z.number().min(18),
    plan: z.enum(['monthly', 'yearly']),
    address: z.object({ zip: z.string() }),
  }),
  response: z.object({ ok: z.literal(true) }),
});

const boomRoute = defineRoute({
  method: 'GET',
  path: '/api/test/boom',
  auth: false,
  response: z.object({}),
});
const badShapeRoute = defineRoute({
  method: 'GET',
  path: '/api/test/bad-shape',
  auth: false,
  response: z.object({ count: z.number() }),
});

describe('problem details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup(app) {
        mount(app, echoRoute, async () => ({ ok: true as const }));
        mount(app, boomRoute, async () => {
          throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
        });
        mount(app, badShapeRoute, async () => ({ count: 'many' }) as unknown as { count: number });
      },
    });
  });
  afterAll(() => t.close());

  it('answers an unknown API path with a 404 problem', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nowhere?phone=5551234567' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemDetails.parse(response.json())).toEqual({
      type: 'https://billow.app/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'No route matches GET /api/nowhere.',
      instance: '/api/nowhere',
    });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'https://billow.app/problems/bad-request',
      status: 400,
      detail: 'The request body is not valid JSON.',
    });
  });

  it('lists each invalid field in the shared generic messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '', age: 12, plan: 'weekly', address: { zip: 94107 } },
    });
    expect(response.statusCode).toBe(400);
    const body = problemDetails.parse(response.json());
    expect(body.type).toBe('https://billow.app/problems/validation');
    expect(body.title).toBe('Validation Failed');
    expect(body.errors).toEqual([
      { field: 'name', message: 'String must contain at least 1 character(s)', code: 'too_small' },
      { field: 'age', message: 'Number must be greater than or equal to 18', code: 'too_small' },
      {
        field: 'plan',
        message: "Invalid enum value. Expected 'monthly' | 'yearly', received 'weekly'",
        code: 'invalid_value',
      },
      { field: 'address.zip', message: 'Expected string, received number', code: 'invalid_type' },
    ]);
  });

  it('says Required for a missing field and a missing body', async () => {
    const partial = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A' },
    });
    expect(partial.json().errors).toContainEqual({
      field: 'age',
      message: 'Required',
      code: 'invalid_type',
    });

    const empty = await t.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('hides an unexpected exception behind a bare 500 and logs it with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      type: 'https://billow.app/problems/internal-server-error',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred.',
      instance: '/api/test/boom',
    });
    expect(response.body).not.toContain('secret_table');
    expect(response.body).not.toContain('app.ts');
    const requestId = response.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    expect(t.logs).toContainEqual(
      expect.objectContaining({ reqId: requestId, msg: 'unexpected error', level: 50 }),
    );
  });

  it('turns a response that breaks its contract into a 500, not a wrong answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/bad-shape' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('many');
  });

  it('never logs the authorization header or a query string', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health?phoneNumber=5551234567',
      headers: { authorization: 'Bearer very-secret-token' },
    });
    const text = JSON.stringify(t.logs);
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('5551234567');
  });
});
