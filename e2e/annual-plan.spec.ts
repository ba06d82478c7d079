import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';

test.describe.configure({ timeout: 120_000 });

test('an instant-savings offer is paid from the checking account and its code revealed and copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await linkedPerson(page);

  // The card lists the annual plans once detection has found the monthly bills.
  const card = page.getByRole('region', { name: 'Instant savings' });
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole('button').first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 45_000 });
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
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await pay.click();
  await expect(page.getByRole('status')).toContainText('Paid!');
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeDisabled();

  // Two seconds later: the code, masked until asked for, then copied.
  await expect(page.getByRole('heading', { name: `Your ${service} code`, level: 1 })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByLabel('Masked gift card code')).toHaveText(/•••• \d{4}$/, {
    timeout: 20_000,
  });
  await expect(page.getByText(/Your annual plan runs until/)).toBeVisible();
  await page.getByRole('button', { name: 'Show full code' }).click();
  const code = page.getByLabel('Gift card code', { exact: true });
  await expect(code).toHaveText(/^\d{16}$/);
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    (await code.textContent())!.trim(),
  );
  await expect(page.getByRole('button', { name: 'Copy code' })).toBeVisible({ timeout: 4000 });

  // Paying again is refused politely.
  await page.getByRole('button', { name: 'Back' }).click();
  const again = await page.evaluate(async () => {
    const list = await (
      await fetch('/api/subscriptions/instant-savings', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
      })
    ).json();
    const paid = list.find((o: { has_assigned_gift_card: boolean }) => o.has_assigned_gift_card);
    const response = await fetch('/api/payments/pay', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${sessionStorage.getItem('token')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ subscription_id: paid.subscription_id }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(again).toMatchObject({
    status: 200,
    body: { success: false, error_type: 'already_paid' },
  });
});
