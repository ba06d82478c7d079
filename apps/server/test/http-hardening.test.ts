/**
 * The HTTP edges: API answers are never cached, requests the framework
 * refuses before any route (a malformed URL, a request line or header Node cannot parse) still
 * answer as problem details with the security headers, the sandbox outbox does not list every
 * code when the server listens beyond loopback, and production serves no source maps.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, devRoutes, subscriptionRoutes, userRoutes } from '@billow/contracts';
import { linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

/** Sends raw bytes to a listening server and returns the whole answer. */
async function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('HTTP hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses a large JSON answer for a client that accepts it, still no-store', async () => {
    const session = await signIn(t.app, '+14155550182');
    await linkSandboxItem(t, session.accessToken, { persona: 'default' });
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: subscriptionRoutes.listAll.path,
        headers: { ...bearer(session.accessToken), ...headers },
      });
    const plain = await ask({});
    const brotli = await ask({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await ask({ 'accept-encoding': 'gzip' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(
      plain.json(),
    );
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    for (const answer of [plain, brotli, gzip]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(answer.headers);
    }
    // A small answer goes out as it is: compressing it would cost more than it saves.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('logs an ordinary request at debug only, so an info log carries no line per request', async () => {
    const before = t.logs.length;
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(t.logs.slice(before)).toEqual([]);
  });

  it('marks every API answer no-store, the profile with its phone number included', async () => {
    const session = await signIn(t.app, '+14155550181');
    const answers = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(session.accessToken),
      }),
      t.app.inject({ method: 'GET', url: userRoutes.profileInfo.path }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/nowhere' }),
      t.app.inject({
        method: 'POST',
        url: authRoutes.refresh.path,
        payload: { refreshToken: 'x' },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 404, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers a malformed URL with a 400 problem that carries the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'https://billow.app/problems/bad-request',
      status: 400,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(response.headers);
  });

  it('answers bad JSON and a wrong content type with problems that carry the security headers', async () => {
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: authRoutes.otpStart.path,
        headers: { 'content-type': 'application/json' },
        payload: '{"phoneNumber":',
      }),
      t.app.inject({
        method: 'POST',
        url: authRoutes.otpStart.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phoneNumber=1',
      }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expectSecurityHeaders(response.headers);
    }
  });

  it('answers a request Node cannot parse with a 400 problem that carries the security headers', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('content-type: application/problem+json');
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'");
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body)).toMatchObject({
      type: 'https://billow.app/problems/bad-request',
      status: 400,
    });
  });
});

describe('the sandbox outbox', () => {
  it('answers only clients on this machine, whatever HOST is, unless SANDBOX_OUTBOX_PUBLIC=true', async () => {
    const exposed = await createTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      await signIn(exposed.app, '+14155550183');
      const url = `${devRoutes.outbox.path}?to=${encodeURIComponent('+14155550183')}`;
      const remote = await exposed.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().detail).toBe(
        'The sandbox outbox answers only this machine; set SANDBOX_OUTBOX_PUBLIC=true to serve it on the network.',
      );
      expect(remote.body).not.toMatch(/\d{6}/);
      expect((await exposed.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await exposed.close();
    }
    const shared = await createTestApp({
      env: { HOST: '0.0.0.0', SANDBOX_OUTBOX_PUBLIC: 'true' },
    });
    try {
      await signIn(shared.app, '+14155550184');
      const url = `${devRoutes.outbox.path}?to=${encodeURIComponent('+14155550184')}`;
      const remote = await shared.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(200);
      expect(remote.json()).toHaveLength(1);
    } finally {
      await shared.close();
    }
  });

  it('lists every message only while the server listens on loopback', async () => {
    const exposed = await createTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      await signIn(exposed.app, '+14155550182');
      const everything = await exposed.app.inject({ method: 'GET', url: devRoutes.outbox.path });
      expect(everything.statusCode).toBe(403);
      expect(everything.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(everything.body).not.toMatch(/\d{6}/);
      const mine = await exposed.app.inject({
        method: 'GET',
        url: `${devRoutes.outbox.path}?to=${encodeURIComponent('+14155550182')}`,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toHaveLength(1);
    } finally {
      await exposed.close();
    }

    const local = await createTestApp({ env: { HOST: '127.0.0.1' } });
    try {
      const everything = await local.app.inject({ method: 'GET', url: devRoutes.outbox.path });
      expect(everything.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('source maps', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"sources":["app.tsx"]}');
  });
  afterAll(() => fs.rm(dist, { recursive: true, force: true }));

  async function mapAnswer(env: Record<string, string>) {
    const t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist, ...env } });
    try {
      const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(script.statusCode).toBe(200);
      return map;
    } finally {
      await t.close();
    }
  }

  it('serves them in the sandbox and never in production', async () => {
    expect((await mapAnswer({})).statusCode).toBe(200);
    const { productionEnv } = await import('./production-env');
    const production = await mapAnswer(productionEnv);
    expect(production.statusCode).toBe(404);
    expect(production.body).not.toContain('app.tsx');
  });
});
