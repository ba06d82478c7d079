/**
 * Importing a bank's CSV export (issue 20): columns named as no bank names them are read from
 * what they hold, the person corrects the mapping in the preview, the import adds the rows, and
 * the subscriptions in them reach the dashboard.
 */
import { expect, test } from '@playwright/test';
import { usDateDaysAgo } from './support/bank-export';
import { uniquePhone } from './support/outbox';
import { SignInPage } from './pages/sign-in-page';

test.describe.configure({ timeout: 120_000 });

/** Eight months of Netflix and Spotify among coffee, in columns named as no bank names them. */
function oddCsv() {
  const rows = ['Posted on;Payee;Value'];
  for (let month = 7; month >= 0; month--) {
    rows.push(`${usDateDaysAgo(30 * month + 3)};NETFLIX.COM 866-579-7172 CA;-15.49`);
    rows.push(`${usDateDaysAgo(30 * month + 9)};SPOTIFY USA 877-7781161 NY;-11.99`);
    rows.push(
      `${usDateDaysAgo(30 * month + 6)};BLUE BOTTLE COFFEE;-${(4 + month / 10).toFixed(2)}`,
    );
  }
  return rows.join('\n');
}

test('a CSV with its columns mapped by hand brings its subscriptions to the dashboard', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.signIn(uniquePhone());
  await signIn.setLegalName('Mary Jackson');
  await page.goto('/');
  await page.getByRole('button', { name: /Hi, Mary/ }).click();
  await page.getByRole('button', { name: 'Import transactions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank export file').setInputFiles({
    name: 'my-credit-union.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(oddCsv()),
  });
  await expect(dialog.getByText(/24 transactions/)).toBeVisible();

  // Billow reads the columns from what they hold; the person checks, and corrects the sign.
  const combo = (name: string) => dialog.getByRole('combobox', { name, exact: true });
  await expect(combo('Date')).toHaveValue('0');
  await expect(combo('Description')).toHaveValue('1');
  await combo('Money out is').selectOption({ label: 'Positive (12.00)' });
  const netflix = dialog.getByRole('row', { name: /NETFLIX\.COM/ }).first();
  await expect(netflix).toContainText('$15.49 in');
  await combo('Money out is').selectOption({ label: 'Negative (−12.00)' });
  await expect(netflix).toContainText('$15.49 out');
  await combo('Description').selectOption({ label: 'Value' });
  await combo('Description').selectOption({ label: 'Payee' });
  await expect(netflix).toContainText('NETFLIX.COM 866-579-7172 CA');

  // The new account is named as the person says, not after the file.
  await dialog.getByRole('textbox', { name: 'Account name' }).fill('Credit union checking');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Added 24 transactions to Credit union checking.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Back to home' }).click();
  const bills = page.getByRole('region', { name: /Bills/ });
  await bills.getByRole('tab', { name: 'All' }).click();
  await expect(bills.getByText('Netflix', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bills.getByText('Spotify', { exact: true })).toBeVisible();
  await expect(bills.getByText(/Blue Bottle/i)).toBeHidden();
});
