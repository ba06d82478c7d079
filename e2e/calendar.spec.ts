/**
 * See your money move (issue 19): the bills calendar at phone and desktop widths in both themes,
 * stepping to next month and opening a bill; the spending charts and the price line drawn from
 * the linked sandbox bank; the calendar link in the profile.
 */
import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';

test.describe.configure({ timeout: 120_000 });

for (const theme of ['light', 'dark'] as const) {
  test(`the bills calendar steps through the months and opens a bill (${theme})`, async ({
    page,
    isMobile,
  }) => {
    await page.addInitScript((dark) => {
      localStorage.setItem('darkMode', JSON.stringify(dark));
    }, theme === 'dark');
    await linkedPerson(page);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);

    await page.getByRole('button', { name: 'Open the bills calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Bills calendar', level: 1 })).toBeFocused();
    const thisMonth = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' });
    await expect(page.getByRole('heading', { name: thisMonth })).toBeVisible();

    await page.getByRole('button', { name: 'Next month' }).click();
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const nextMonth = next.toLocaleString('en-US', { month: 'long', year: 'numeric' });
    await expect(page.getByRole('heading', { name: nextMonth })).toBeVisible();
    const monthName = next.toLocaleString('en-US', { month: 'long' });
    await expect(page.getByText(`Due in ${monthName}`, { exact: true })).toBeVisible();
    await expect(page.getByText(/^\$\d[\d,]*\.\d\d$/).first()).toBeVisible();

    let bill;
    if (isMobile) {
      // A phone shows the month as an agenda of the days with bills.
      await expect(page.getByRole('grid')).toBeHidden();
      bill = page.getByTestId('calendar-agenda').getByRole('listitem').first().getByRole('button');
    } else {
      const grid = page.getByRole('grid', { name: nextMonth });
      await expect(grid).toBeVisible();
      const day = grid.getByRole('button', { name: /\d+ bills?, \$/ }).first();
      await day.click();
      bill = page.getByTestId('calendar-day').getByRole('listitem').first().getByRole('button');
    }
    const merchant = (await bill.locator('.font-medium').textContent())!;
    await bill.click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: merchant })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`calendar-${theme}.png`) });
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
    await expect(bill).toBeFocused();
  });
}

test('the spending charts and the price line are drawn from the linked bank', async ({ page }) => {
  await linkedPerson(page);
  await page.getByRole('button', { name: 'Spending and price increases' }).click();
  await expect(page.getByRole('heading', { name: 'Spending', level: 1 })).toBeFocused();
  await expect(
    page.getByText(/^Over the last 12 months your subscriptions and bills cost/),
  ).toBeVisible();
  const bars = page.locator('[data-chart="spending"] .recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  expect(await bars.count()).toBeGreaterThan(12);
  await expect(page.locator('[data-chart="share"] .recharts-pie-sector').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price increases' })).toBeVisible();
  await page.getByText('Show the numbers').first().click();
  await expect(page.getByRole('table', { name: 'Spending by month and category' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('spending.png'), fullPage: true });

  // Netflix went from $15.49 to $17.99 in the sandbox story: its popup draws the step.
  await page.getByRole('button', { name: 'Back to home' }).click();
  const bills = page.getByRole('region', { name: /Bills/ });
  await bills.getByRole('tab', { name: 'All' }).click();
  await bills.getByText('Netflix', { exact: true }).click();
  const detail = page.getByRole('dialog');
  const price = detail.getByRole('region', { name: 'Price over time' });
  await expect(price.getByText(/The price went up from \$15\.49 to \$17\.99 on /)).toBeVisible();
  await expect(price.locator('[data-chart="price-history"] .recharts-line-curve')).toBeVisible();
});

test('the calendar link is copied from the profile, and a reset replaces it', async ({
  page,
  context,
  browserName,
}) => {
  test.skip(browserName !== 'chromium');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await linkedPerson(page);
  await page
    .getByRole('button', { name: /profile/i })
    .first()
    .click();
  await page.getByRole('button', { name: 'Copy calendar link' }).click();
  const link = page.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/feed\/[\w-]{43}$/);
  const first = await link.inputValue();
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VEVENT');

  await page.getByRole('button', { name: 'Reset link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset link' }).click();
  await expect(link).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await link.inputValue())).status()).toBe(200);
});
