/**
 * Billow as an installable app (issue 20), checked as Lighthouse's PWA audits did: a linked,
 * parseable manifest Chromium finds nothing to object to, a service worker that controls the
 * page after a reload, the app (its offline screen) when the network is gone, and no personal
 * data in the service worker's cache after a signed-in visit.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniquePhone } from './support/outbox';
import { SignInPage } from './pages/sign-in-page';

test.describe.configure({ timeout: 60_000 });

/** Waits for the service worker to be active, then reloads so it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated');
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

test('the manifest is linked, parseable and installable', async ({ page }) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Billow',
    short_name: 'Billow',
    start_url: '/',
    display: 'standalone',
  });
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  // Chromium's own verdict, the one its install prompt goes by.
  await underServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are incognito ones, where Chromium never offers to install.
  const errors = installabilityErrors.filter((error) => error.errorId !== 'in-incognito');
  expect(errors).toEqual([]);
});

test('the service worker controls the page after a reload', async ({ page }) => {
  await page.goto('/auth');
  await underServiceWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
});

test('without a network the app still opens, on its offline screen', async ({ page, context }) => {
  await page.goto('/auth');
  await underServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  // The app itself, from the kept shell (not the worker's last-resort page, which has no root).
  await expect(page.locator('#root')).toContainText("You're offline");
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Another page of the app opens from the kept shell too.
  await page.goto('/chat');
  await expect(page.locator('#root')).toContainText("You're offline");
  // Trying again while still offline opens the same screen; the connection back, the page returns.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeHidden();
});

test('no answer of the API is ever kept in the cache', async ({ page }) => {
  await page.goto('/auth');
  await underServiceWorker(page);
  const signIn = new SignInPage(page);
  await signIn.signIn(uniquePhone());
  await signIn.setLegalName('Grace Hopper');
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Hi, Grace/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /Hi, Grace/ })).toBeVisible();

  const urls = await cachedUrls(page);
  expect(urls.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  expect(urls.filter((url) => /\/(?:api|ws)(?:\/|$)/.test(new URL(url).pathname))).toEqual([]);
});
