import { expect, test } from '@playwright/test';
import { payFirstInstantSaving, waitForCodeRelease } from './pages/annual-plan-flow';
import { linkedPerson } from './pages/linked-person';

test.describe.configure({ timeout: 120_000 });

test('an instant-savings offer is paid from the checking account and its code revealed, once the debit settled, and copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await linkedPerson(page);

  await payFirstInstantSaving(page);

  // The code, masked until asked for, then copied.
  await expect(page.getByLabel('Masked gift card code')).toHaveText(/•••• \d{4}$/, {
    timeout: 45_000,
  });
  await expect(page.getByText(/Your annual plan runs until/)).toBeVisible();
  // The code comes once the debit has settled.
  await waitForCodeRelease(page);
  await page.getByRole('button', { name: 'Show full code' }).click();
  const code = page.getByLabel('Gift card code', { exact: true });
  // Shown in groups of four, copied whole, with how to redeem it.
  await expect(code).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(page.getByRole('heading', { name: 'How to redeem' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    (await code.textContent())!.replace(/\s/g, ''),
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
