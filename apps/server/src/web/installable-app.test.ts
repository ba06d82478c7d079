/**
 * The installable app's files as the server sends them: the web manifest and the
 * service worker revalidated on every load (a new deploy reaches the browser), with their own
 * content types, allowed by the CSP, and a manifest a browser can install from: every icon it
 * names is served and is the size it says.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const webPublic = path.resolve(import.meta.dirname, '../../../web/public');

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = Record<string, unknown> & { icons: ManifestIcon[] };

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('serving the installable app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'billow-dist-'));
    await fs.cp(webPublic, dist, { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends the service worker as JavaScript, revalidated on every load', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain("addEventListener('fetch'");
  });

  it('sends the manifest as a web manifest, revalidated on every load', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets pages register the worker and read the manifest under its CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('describes an installable app whose icons are served at the sizes it names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    const manifest = JSON.parse(response.body) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Billow',
      short_name: 'Billow',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const file = await t.app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toMatch(
        new RegExp(`^${icon.type.replace('+', '\\+')}`),
      );
      if (icon.type === 'image/png') expect(pngSize(file.rawPayload), icon.src).toBe(icon.sizes);
    }
    const touchIcon = await t.app.inject({ method: 'GET', url: '/icons/apple-touch-icon.png' });
    expect(pngSize(touchIcon.rawPayload)).toBe('180x180');
  });
});
