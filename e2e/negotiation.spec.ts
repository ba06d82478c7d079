import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';
import { reloadUntilVisible } from './support/reload-until';

test.describe.configure({ timeout: 120_000 });

test('a sandbox telecom bill is negotiated down while the person watches the call', async ({
  page,
}) => {
  await linkedPerson(page);
  const banner = page.getByRole('region', { name: 'Lifetime savings' });
  await expect(banner).toContainText('$0');

  // The negotiations card lists the negotiable bills once detection made the offers.
  const card = page.getByRole('region', { name: /Negotiations/ });
  await reloadUntilVisible(page, card.getByText('Verizon', { exact: true }));
  await expect(card.getByText('INPUT REQUIRED').first()).toBeVisible();
  await card.getByRole('button', { name: 'View All Negotiations' }).click();

  // Negotiation is off for a new account: the overlay turns it on.
  await expect(page.getByRole('heading', { name: 'Negotiations', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on bill negotiation' }).click();
  await expect(page.getByRole('button', { name: 'Turn on bill negotiation' })).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Information for Verizon' });
  await form.getByLabel('Account PIN').fill('5827');
  await form.getByLabel('Last 4 digits of payment method').fill('4242');
  await form.getByRole('button', { name: 'Submit' }).click();

  // The call's stages move on screen, then the outcome shows with the transcript.
  const verizon = page.getByRole('listitem').filter({ hasText: 'Verizon' }).first();
  await expect(verizon.getByRole('list', { name: 'Call progress' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(verizon.getByText('IN PROGRESS')).toBeVisible();
  await expect(verizon.getByText(/^You save \$/)).toBeVisible({ timeout: 30_000 });
  await expect(verizon.getByText('SUCCESSFUL')).toBeVisible();
  await expect(verizon.getByText('Transcript')).toBeVisible();

  // The saving is promised until the bank shows a charge at the new price.
  await page.getByRole('button', { name: 'Back to home' }).click();
  await reloadUntilVisible(
    page,
    banner.getByText(/^On track to save \$[1-9][\d,]* more, counted once your bill shows it\.$/),
  );
});
