/**
 * The annual-plan flow from the dashboard's instant-savings card to the annual code: the first
 * offer, plan comparison, how it works, the preselected checking account, Pay.
 */
import { expect, type Page } from '@playwright/test';
import { reloadUntilVisible } from '../support/reload-until';

/** Opens the first instant-savings offer and walks to its payment confirmation; returns the service. */
export async function confirmFirstInstantSaving(page: Page): Promise<string> {
  // The card lists the annual plans once detection has found the monthly bills.
  const card = page.getByRole('region', { name: 'Instant savings' });
  await reloadUntilVisible(page, card.getByRole('button').first());
  const offers = card.getByRole('button');
  expect(await offers.count()).toBeLessThanOrEqual(3);
  await expect(offers.first()).toContainText(/Save \$[\d,]+\.\d{2}\/yr/);
  const service = (await offers.first().locator('span.font-medium').textContent())!.trim();
  await offers.first().click();

  // Plan comparison → how it works → the account → confirmation.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(service);
  await expect(page.getByText('Recommended')).toBeVisible();
  await expect(page.getByText('Current Plan')).toBeVisible();
  await expect(page.getByText('After one year the monthly bill resumes.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'How it works', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: 'Choose the account that pays', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toContainText(/checking/i);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your payment', level: 1 })).toBeVisible();
  await expect(page.getByText(/you authorize Billow to debit your account/)).toBeVisible();
  return service;
}

/** Pays for the first instant-savings offer and waits for its code screen; returns the service. */
export async function payFirstInstantSaving(page: Page): Promise<string> {
  const service = await confirmFirstInstantSaving(page);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('status')).toContainText('Paid!');
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeDisabled();

  // Two seconds later: the code screen.
  await expect(page.getByRole('heading', { name: `Your ${service} code`, level: 1 })).toBeVisible({
    timeout: 10_000,
  });
  return service;
}

/** The sandbox reads its transfer events now (settlements, returns): the dev route. */
export async function syncTransferEvents(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.post('/api/dev/payments/sync-transfer-events', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await response.json()).toEqual({ synced: true });
}

/**
 * Waits on the code screen for the debit to settle (two sandbox bank days, a few seconds in the
 * journeys: SANDBOX_BANK_DAY_SECONDS), reading the transfer events until the code is released.
 */
export async function waitForCodeRelease(page: Page) {
  await expect(page.getByText('Your gift card is on its way.')).toBeVisible({ timeout: 45_000 });
  await expect(
    page.getByText(/Its code will be ready by .+, once your bank has settled/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show full code' })).toHaveCount(0);
  await expect(async () => {
    await syncTransferEvents(page);
    await expect(page.getByRole('button', { name: 'Show full code' })).toBeVisible({
      timeout: 7_000,
    });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
}
