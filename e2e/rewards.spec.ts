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

test('a successful negotiation earns a reward: balance, progress and history show it', async ({
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

  // The rewards section shows the reward the negotiation earned (its job runs after the call).
  await reloadUntilVisible(page, page.getByText('Earned for negotiating your Verizon bill'), {
    beforeLook: () => openRewards(page, card),
  });
  const history = page.getByRole('list', { name: 'Rewards history' });
  const earnedEntry = history
    .getByRole('listitem')
    .filter({ hasText: 'Earned for negotiating your Verizon bill' });
  await expect(earnedEntry).toContainText('Negotiation');
  const earned = await amountIn(earnedEntry.locator('.money'));
  expect(earned).toBeGreaterThan(0);

  // Lifetime accrued is everything earned, the balance what the history adds up to (with
  // auto-apply on by default, part may already have gone toward a bill, listed too). Turning
  // negotiation on called about the other PENDING bills as well: read once the ledger settles.
  const round = (amount: number) => Math.round(amount * 100) / 100;
  let balance = 0;
  await expect(async () => {
    // A reload stays on the open section (it is the page's history state) and reads afresh.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Rewards', level: 1 })).toBeVisible();
    await expect(earnedEntry).toBeVisible({ timeout: 10_000 });
    const entries = (await history.getByRole('listitem').locator('.money').allTextContents()).map(
      dollars,
    );
    const lifetime = round(entries.filter((amount) => amount > 0).reduce((a, b) => a + b, 0));
    balance = round(entries.reduce((a, b) => a + b, 0));
    await expect(page.getByLabel(/^Lifetime accrued /)).toHaveText(`$${lifetime.toFixed(2)}`, {
      timeout: 1000,
    });
    await expect(page.getByLabel(/^Balance /)).toHaveText(`$${balance.toFixed(2)}`, {
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000 });
  expect(balance).toBeGreaterThanOrEqual(0);

  // Progress toward the default target, video streaming at $15.99, capped at 100 %.
  const progress = page.getByRole('progressbar', { name: 'Progress toward Video streaming' });
  const percent = Math.round(Math.min(100, (balance / 15.99) * 100));
  await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
  if (percent >= 100) await expect(page.getByText('Ready to claim!')).toBeVisible();

  // A cheaper reward the balance covers can be chosen, and is remembered on this device.
  const options = page.getByRole('group', { name: 'Change reward' });
  const tools = options.getByRole('radio', { name: /Developer tools pro/ });
  if (balance >= 4) {
    await tools.check();
    await expect(
      page.getByRole('progressbar', { name: 'Progress toward Developer tools pro' }),
    ).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('Ready to claim!')).toBeVisible();
    // The reload stays on the rewards section, and the choice is remembered.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Rewards', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: 'Progress toward Developer tools pro' }),
    ).toBeVisible();
  } else {
    await expect(tools).toBeDisabled();
  }
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
