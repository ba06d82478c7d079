import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';
import { callApi, syncFromBank } from './support/api';

test.describe.configure({ timeout: 90_000 });

test('the dashboard shows the bills Billow found, and a service marked as not a subscription stays gone', async ({
  page,
}) => {
  await linkedPerson(page);

  const bills = page.getByRole('region', { name: /Bills/ });
  await expect(bills.getByRole('tab', { name: 'Upcoming', selected: true })).toBeVisible();
  await expect(bills.getByText(/due (today|in \d+ days?)/).first()).toBeVisible();
  await bills.getByRole('tab', { name: 'All' }).click();
  for (const merchant of ['Netflix', 'Planet Fitness', 'Verizon', 'Xfinity']) {
    await expect(bills.getByText(merchant, { exact: true })).toBeVisible();
  }
  // Logos out of the box: Netflix's mark is drawn from Billow's own /logos/, with no logo service.
  const netflixMark = bills.locator('img[src="/logos/netflix.com.svg"]').first();
  await expect(netflixMark).toBeVisible();
  await expect
    .poll(() => netflixMark.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  // The subscriptions section lists them with totals.
  await page
    .getByRole('button', { name: /subscriptions/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByText('Monthly total spend')).toBeVisible();
  await expect(page.getByText('Hulu', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /Back/ }).first().click();

  // Planet Fitness: not a subscription.
  await bills.getByRole('tab', { name: 'All' }).click();
  await bills.getByText('Planet Fitness', { exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByText('Recent Payments')).toBeVisible();
  // Above the payment list and status history, its actions stay in reach without scrolling.
  await expect(detail.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(detail.getByRole('button', { name: 'Not a subscription?' })).toBeInViewport({
    ratio: 1,
  });
  await page.screenshot({ path: test.info().outputPath('detail.png') });
  await detail.getByRole('button', { name: 'Not a subscription?' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark as not a subscription' });
  await expect(confirm.getByText('Remove the service from your list of bills?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(bills.getByText('Planet Fitness', { exact: true })).toHaveCount(0);

  await page.reload();
  await page.getByRole('region', { name: /Bills/ }).getByRole('tab', { name: 'All' }).click();
  await expect(page.getByText('Netflix', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Planet Fitness', { exact: true })).toHaveCount(0);

  // A re-sync (the bank says new data is ready, and detection runs again) does not bring it back.
  expect((await callApi(page, '/api/user/transaction-load-status')).transactionsLoaded).toBe(true);
  await syncFromBank(page);
  const names = (await callApi(page, '/api/subscriptions/list-all')).map(
    (s: { merchant_name: string }) => s.merchant_name,
  );
  expect(names).toContain('Netflix');
  expect(names).not.toContain('Planet Fitness');
});
