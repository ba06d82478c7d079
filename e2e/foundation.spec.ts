import { expect, test } from '@playwright/test';

test.describe('the web shell', () => {
  test('the API answers its health check', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  test('an unknown page says so, with a 404, and leads home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    // Home is for signed-in people; a visitor lands on sign-in.
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a screen that fails to load shows the error screen', async ({ page }) => {
    await page.route(/\/assets\/auth-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/auth');
    await expect(
      page.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toContainText(
      'dynamically imported module',
    );
  });

  test('a device set to dark opens Billow dark, and nothing is stored until the person chooses', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/signup');
    const html = page.locator('html');
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
  });

  test('the theme toggle persists across reloads, dark and back to light', async ({ page }) => {
    await page.goto('/no/such/page');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    const lightBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    const darkBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(darkBackground).not.toBe(lightBackground);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
  });
});
