import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';
import { ProfilePage } from './pages/profile-page';

test.describe.configure({ timeout: 90_000 });

test('going offline keeps the loaded dashboard on screen, read-only under a banner, until the connection is back', async ({
  page,
  context,
}) => {
  await linkedPerson(page);
  const bills = page.getByRole('region', { name: /Bills/ });
  await bills.getByRole('tab', { name: 'All' }).click();
  await expect(bills.getByText('Netflix', { exact: true })).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Changes need a connection');
  // The last loaded figures stay, on the tab the person chose, not the full-page offline screen.
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toHaveCount(0);
  await expect(bills.getByRole('tab', { name: 'All', selected: true })).toBeVisible();
  await expect(bills.getByText('Netflix', { exact: true })).toBeVisible();
  await expect(bills.getByText('Verizon', { exact: true })).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(bills.getByText('Netflix', { exact: true })).toBeVisible();
});

test('a change tried offline is refused at once and never sent, even when the connection returns', async ({
  page,
  context,
}) => {
  await linkedPerson(page, 'Grace Hopper');
  await new ProfilePage(page).open('Grace');
  const setting = page.getByRole('switch').first();
  const wasOn = (await setting.getAttribute('aria-checked')) === 'true';

  const changes: string[] = [];
  page.on('request', (request) => {
    const isChange = request.method() !== 'GET' && request.url().includes('/api/');
    if (isChange && !request.url().includes('/api/analytics/')) changes.push(request.url());
  });
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await setting.click();
  await expect(
    page.getByText('Failed to update profile settings. Please try again.'),
  ).toBeVisible();
  await expect(setting).toHaveAttribute('aria-checked', String(wasOn));

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);
  // Back online, the profile reloads; the refused change stays unsent.
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  expect(changes).toEqual([]);
});
