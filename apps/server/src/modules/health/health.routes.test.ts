import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

describe('GET /api/health', () => {
  it('answers ok after checking the database', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    await t.close();
  });

  it('answers a 503 problem when the database is unreachable', async () => {
    const t = await createTestApp();
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'https://billow.app/problems/external-service',
      status: 503,
      detail: 'The database is unreachable.',
    });
    await t.close();
  });
});
