/**
 * The pages people open first (issue 16): each arrives preloading its route's own chunks, and
 * the theme script written into the page runs under the CSP (by its hash) before the first
 * paint, so a saved dark theme is on the page before any of the app's code has run.
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
