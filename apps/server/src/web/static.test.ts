import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What the build's pre-compression step writes next to a large enough file.
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await fs.writeFile(path.join(dist, 'assets', 'app-def456.js'), script);
    await fs.writeFile(
      path.join(dist, 'assets', 'app-def456.js.br'),
      zlib.brotliCompressSync(script),
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-def456.js.gz'), zlib.gzipSync(script));
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
    // What the build's prerendering step writes (apps/web/build/prerender-pages.ts).
    await fs.mkdir(path.join(dist, 'prerendered'));
    const signup = `<!doctype html><div id="root"><h1>Get started</h1>${' '.repeat(2000)}</div>`;
    await fs.writeFile(path.join(dist, 'prerendered', 'signup.html'), signup);
    await fs.writeFile(
      path.join(dist, 'prerendered', 'signup.html.br'),
      zlib.brotliCompressSync(signup),
    );
    t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s pre-compressed copy the browser accepts, cached for a year', async () => {
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    const url = '/assets/app-def456.js';
    const asked = {
      br: { 'accept-encoding': 'gzip, deflate, br' },
      gzip: { 'accept-encoding': 'gzip' },
      plain: {},
    };
    const br = await t.app.inject({ method: 'GET', url, headers: asked.br });
    const gzip = await t.app.inject({ method: 'GET', url, headers: asked.gzip });
    const plain = await t.app.inject({ method: 'GET', url, headers: asked.plain });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [br, gzip, plain]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers any app route with index.html, revalidated each load', async () => {
    for (const url of ['/', '/chat', '/chat/', '/link?from=profile', '/netflix-signup']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an address that is no page of the app with 404, and the app page that says so', async () => {
    for (const url of ['/no/such/page', '/chat/extra', '/some/deep/link?x=1', '/index.htm']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The app's own not-found page draws it, with its link home.
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a prerendered page with its own HTML, compressed, and with a query the app page', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/signup',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<h1>Get started</h1>');
    // A query picks another screen than the one prerendered: the app renders it from scratch.
    const step = await t.app.inject({ method: 'GET', url: '/signup?step=select-merchant' });
    expect(step.body).toBe('<!doctype html><div id="root"></div>');
    // Pages the build did not prerender keep index.html.
    const auth = await t.app.inject({ method: 'GET', url: '/auth' });
    expect(auth.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('keeps API paths as problem details, never the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
