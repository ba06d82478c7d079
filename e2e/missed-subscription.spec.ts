/**
 * Adding a subscription detection missed (issue 17): a gym charged once in the imported history
 * is not one Billow can find, so the person picks that charge, names it, and it joins their
 * subscriptions as added by them.
 */
import { expect, test } from '@playwright/test';
import { usDateDaysAgo } from './support/bank-export';
import { uniquePhone } from './support/outbox';
import { SignInPage } from './pages/sign-in-page';

test.describe.configure({ timeout: 120_000 });

function bankExport() {
  const rows = ['Date,Description,Amount'];
  for (let month = 5; month >= 0; month--) {
    rows.push(`${usDateDaysAgo(30 * month + 3)},NETFLIX.COM 866-579-7172 CA,-15.49`);
  }
  rows.push(`${usDateDaysAgo(12)},CROSSFIT DOWNTOWN #1234,-39.99`);
  return rows.join('\n');
}

test('a charge Billow missed is added by hand and kept as the person’s subscription', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.signIn(uniquePhone());
  await signIn.setLegalName('Dorothy Vaughan');
  await page.goto('/');
  await page.getByRole('button', { name: /Hi, Dorothy/ }).click();
  await page.getByRole('button', { name: 'Import transactions' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import transactions' });
  await importDialog.getByLabel('Bank export file').setInputFiles({
    name: 'bank.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bankExport()),
  });
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByText(/Added 7 transactions to/)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Back to home' }).click();

  const bills = page.getByRole('region', { name: /Bills/ });
  await bills.getByRole('tab', { name: 'All' }).click();
  await expect(bills.getByText('Netflix', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('button', { name: /subscriptions/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a missed subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a missed subscription' });
  await dialog.getByRole('searchbox', { name: 'Search your transactions' }).fill('crossfit');
  await dialog.getByRole('button', { name: /CROSSFIT DOWNTOWN #1234/ }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('CrossFit');
  await expect(dialog.getByRole('combobox', { name: 'How often' })).toHaveValue('MONTHLY');
  await dialog.getByRole('button', { name: 'Add subscription' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Your subscriptions' });
  await expect(list.getByText('CrossFit', { exact: true })).toBeVisible();
  await expect(list.getByText(/^Added by you from the charge on /)).toBeVisible();

  // Its detail says it is the person's, where a found one says how sure Billow is.
  await page.getByRole('button', { name: 'Back to home' }).click();
  await bills.getByRole('tab', { name: 'All' }).click();
  await bills.getByText('CrossFit', { exact: true }).click();
  await expect(page.getByRole('dialog').getByTestId('confidence')).toHaveText('Added by you');
});
