import { expect, test, type Page } from '@playwright/test';

/** Holds the app's first script back until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * /signup and /auth arrive with their markup (issue 16): a visitor sees the page before any
 * script has run, and the app then takes that markup over instead of drawing the page again.
 */
test.describe('the prerendered public pages', () => {
  test.describe('before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    test('show the funnel’s first step and the sign-in form', async ({ page }) => {
      await page.goto('/signup');
      await expect(
        page.getByRole('heading', { name: 'Negotiate your bills. Save on every subscription.' }),
      ).toBeVisible();
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByLabel('Phone number')).toBeVisible();
    });
  });

  test('are taken over by the app as they are, without an error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The heading as parsed, before the app's script has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { parsedHeading?: Element | null }).parsedHeading =
            document.querySelector('h1');
      });
    });
    for (const [path, focused] of [
      ['/signup', page.getByRole('heading', { level: 1 })],
      ['/auth', page.getByLabel('Phone number')],
    ] as const) {
      await page.goto(path);
      // The app is running once it has moved focus to the page's start.
      await expect(focused).toBeFocused();
      const isSameHeading = await page.evaluate(() => {
        const parsed = (window as { parsedHeading?: Element | null }).parsedHeading;
        return parsed != null && parsed === document.querySelector('h1');
      });
      expect(isSameHeading, path).toBe(true);
    }
    await page.getByLabel('Phone number').fill('4155550123');
    await expect(page.getByLabel('Phone number')).toHaveValue(/415/);
    expect(errors).toEqual([]);
  });

  test('a number typed before the app has started is the one it sends the code to', async ({
    page,
  }) => {
    // The app's first script is held back until the number is typed into the prerendered field.
    const release = await holdAppScript(page);
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByLabel('Phone number').fill('4155550142');
    release();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/\(415\) 555-0142|415.?555.?0142/).first()).toBeVisible();
  });

  test('a tap on Get Started before the app has started takes the visitor on', async ({ page }) => {
    // The app's first script is held back until the prerendered button has been tapped.
    const release = await holdAppScript(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Get Started' }).click();
    release();
    await expect(
      page.getByRole('heading', { name: 'Choose a bill you would like to save money on' }),
    ).toBeVisible();
    // Held once, replayed once: the funnel moved one step, not two.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('a visitor in dark mode gets the page drawn for them, not the light one', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByLabel('Phone number')).toBeFocused();
  });
});
