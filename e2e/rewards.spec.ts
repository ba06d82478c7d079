import { expect, test, type Locator, type Page } from '@playwright/test';
import { payFirstInstantSaving } from './pages/annual-plan-flow';
import { linkedPerson } from './pages/linked-person';
import { reloadUntilVisible } from './support/reload-until';

test.describe.configure({ timeout: 150_000 });

/** '$12.00' → 12, '−$11.99' → -11.99 (the history writes a minus sign, not a hyphen). */
const dollars = (text: string) => {
  const match = /([−-])?\$([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return (match[1] ? -1 : 1) * Number(match[2]!.replace(/,/g, ''));
};
const amountIn = async (locator: Locator) => dollars((await locator.textContent()) ?? '');

/** Opens the rewards section from the dashboard; a reload keeps an open section, so home first. */
async function openRewards(page: Page, card: Locator) {
  const home = page.getByRole('button', { name: 'Back to home' });
  const seeRewards = card.getByRole('button', { name: 'See rewards' });
  await expect(home.or(seeRewards).first()).toBeVisible({ timeout: 10_000 });
  if (await home.isVisible()) await home.click();
  await seeRewards.click();
}

test('a successful negotiation’s saving is promised, and earns no reward until the bank shows it', async ({
  page,
}) => {
  await linkedPerson(page, 'Grace Hopper');

  // Nothing earned yet: the dashboard card and the section say so.
  const card = page.getByRole('region', { name: 'Rewards' });
  await expect(card).toContainText('$0.00 toward a free subscription');
  await card.getByRole('button', { name: 'See rewards' }).click();
  await expect(page.getByRole('heading', { name: 'Rewards', level: 1 })).toBeVisible();
  await expect(page.getByText('No rewards yet')).toBeVisible();
  await page.getByRole('button', { name: 'Back to home' }).click();

  // Negotiate the sandbox Verizon bill down.
  const negotiations = page.getByRole('region', { name: /Negotiations/ });
  await reloadUntilVisible(page, negotiations.getByText('Verizon', { exact: true }));
  await negotiations.getByRole('button', { name: 'View All Negotiations' }).click();
  await page.getByRole('button', { name: 'Turn on bill negotiation' }).click();
  const form = page.getByRole('form', { name: 'Information for Verizon' });
  await form.getByLabel('Account PIN').fill('5827');
  await form.getByLabel('Last 4 digits of payment method').fill('4242');
  await form.getByRole('button', { name: 'Submit' }).click();
  const verizon = page.getByRole('listitem').filter({ hasText: 'Verizon' }).first();
  await expect(verizon.getByText('SUCCESSFUL')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Back to home' }).click();

  // The banner counts the deal as promised; no reward is paid on a promise.
  const banner = page.getByRole('region', { name: 'Lifetime savings' });
  await reloadUntilVisible(page, banner.getByText(/promised, counted once your bill shows it/));
  await expect(card).toContainText('$0.00 toward a free subscription');
  await openRewards(page, card);
  await expect(page.getByText('No rewards yet')).toBeVisible();
  await expect(page.getByText('Earned for negotiating your Verizon bill')).toHaveCount(0);
});

test('a paid annual plan earns a reward: balance, progress and history show it', async ({
  page,
}) => {
  await linkedPerson(page, 'Katherine Johnson');
  const service = await payFirstInstantSaving(page);
  await page.getByRole('button', { name: 'Back' }).click();

  // The calculate-rewards job runs after the payment: the section shows what it earned.
  const card = page.getByRole('region', { name: 'Rewards' });
  const earnedText = `Earned on the ${service} annual plan Billow paid`;
  await reloadUntilVisible(page, page.getByText(earnedText), {
    beforeLook: () => openRewards(page, card),
  });
  const history = page.getByRole('list', { name: 'Rewards history' });
  const earnedEntry = history.getByRole('listitem').filter({ hasText: earnedText });
  await expect(earnedEntry).toContainText('Annual plan');
  const earned = await amountIn(earnedEntry.locator('.money'));
  expect(earned).toBeGreaterThan(0);
  await expect(page.getByLabel(/^Lifetime accrued /)).toHaveText(`$${earned.toFixed(2)}`);

  // The balance is what the history adds up to; progress is toward the default target.
  const entries = await history.getByRole('listitem').locator('.money').allTextContents();
  const balance = Math.round(entries.map(dollars).reduce((a, b) => a + b, 0) * 100) / 100;
  await expect(page.getByLabel(/^Balance /)).toHaveText(`$${balance.toFixed(2)}`);
  const percent = Math.round(Math.min(100, (balance / 15.99) * 100));
  await expect(
    page.getByRole('progressbar', { name: 'Progress toward Video streaming' }),
  ).toHaveAttribute('aria-valuenow', String(percent));
});
