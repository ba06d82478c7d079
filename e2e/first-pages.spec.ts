/**
 * The pages people open first (issue 16): each arrives preloading its route's own chunks, and
 * the theme script written into the page runs under the CSP (by its hash) before the first
 * paint, so a saved dark theme is on the page before any of the app's code has run. /signup and
 * /auth arrive drawn (prerendered at build time), and React adopts that markup instead of
 * drawing the page again.
 */
import { expect, test, type Page } from '@playwright/test';

/** CSP violations the page reports, collected from before its first script. */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

for (const [route, chunk] of [
  ['/signup', /\/assets\/signup-[\w-]+\.js$/],
  ['/auth', /\/assets\/auth-[\w-]+\.js$/],
] as const) {
  test(`${route} preloads its route's chunks and runs under the CSP`, async ({ page }) => {
    const violations = await collectViolations(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloaded.some((href) => chunk.test(href))).toBe(true);
    expect(await violations()).toEqual([]);
  });
}

for (const [route, heading] of [
  ['/signup', 'Negotiate your bills. Save on every subscription.'],
  ['/auth', 'Sign in'],
] as const) {
  test(`${route} arrives drawn, and React adopts the drawn page`, async ({ page }) => {
    // The heading the page arrived with, before any script of the app has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { firstHeading: Element | null }).firstHeading =
          document.querySelector('h1');
      });
    });
    const response = await page.goto(route);
    // Drawn, and inert until adopted: a click or keystroke before then would be lost.
    const html = await response!.text();
    expect(html).toContain('<div id="root" inert>');
    expect(html).toContain(heading);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Hydrated: React has attached itself to the very element the page arrived with.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const first = (window as unknown as { firstHeading: Element | null }).firstHeading;
          return (
            first === document.querySelector('h1') &&
            Object.keys(first!).some((key) => key.startsWith('__reactFiber'))
          );
        }),
      )
      .toBe(true);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // And it answers: the funnel's first button leads on.
    if (route === '/signup') {
      await page.getByRole('button', { name: 'Get Started' }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeHidden();
    }
  });
}

test('a saved dark theme is on the page before the app’s code runs', async ({ page }) => {
  const violations = await collectViolations(page);
  // Record the theme the moment the document's body starts: after the head's inline script,
  // before any module script has run.
  await page.addInitScript(() => {
    localStorage.setItem('darkMode', 'true');
    const record = new MutationObserver(() => {
      if (!document.body) return;
      record.disconnect();
      (window as unknown as { darkAtBody: boolean }).darkAtBody =
        document.documentElement.classList.contains('dark');
    });
    record.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(
    true,
  );
  expect(await violations()).toEqual([]);
});
