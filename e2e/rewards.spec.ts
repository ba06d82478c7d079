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
  await reloadUntilVisible(
    page,
    banner.getByText(/On track to save \$[\d,]+ more, counted once your bill shows it/),
  );
  await expect(card).toContainText('$0.00 toward a free subscription');
  await openRewards(page, card);
  await expect(page.getByText('No rewards yet')).toBeVisible();
  await expect(page.getByText('Earned for negotiating your Verizon bill')).toHaveCount(0);
});

/** Whether an element shows all its text: nothing cut off at its edge (a phone's width). */
const isWhole = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);

test('a paid annual plan earns a reward, claimed toward the person’s Netflix bill and put back, each row readable', async ({
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
  expect(earned).toBeGreaterThanOrEqual(15.99);
  await expect(page.getByLabel(/^Lifetime accrued /)).toHaveText(`$${earned.toFixed(2)}`);

  // One reward, the default target named after the person's own bill: Netflix, for video
  // streaming. Auto-apply is on, so it is claimed for them toward Netflix's next bill.
  const figures = page.getByRole('region', { name: 'Rewards figures' });
  await expect(figures).toContainText('Netflix · $15.99');
  await expect(figures).toContainText('claimed for you and comes off your next Netflix bill');
  const claimed = history
    .getByRole('listitem')
    .filter({ hasText: /Reward applied toward your Netflix bill of [A-Z][a-z]{2} \d{1,2}/ });
  await expect(claimed).toHaveCount(1);
  await expect(claimed).toContainText('−$15.99');
  const left = Math.round((earned - 15.99) * 100) / 100;
  await expect(page.getByLabel(/^Balance /)).toHaveText(`$${left.toFixed(2)}`);

  // Every row says which bill it went to, whole, at this width.
  for (const row of await history.getByRole('listitem').all()) {
    const description = row.locator('p').first();
    await expect(description).toBeVisible();
    expect(await isWhole(description), (await description.textContent()) ?? undefined).toBe(true);
  }
  const box = await claimed.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

  // Put back before the bill is charged: the balance is whole again, and nothing claims it anew.
  await claimed.getByRole('button', { name: 'Put back $15.99 from Netflix' }).click();
  const back = history
    .getByRole('listitem')
    .filter({ hasText: /Reward put back from your Netflix bill of/ });
  await expect(back).toContainText('+$15.99');
  await expect(page.getByLabel(/^Balance /)).toHaveText(`$${earned.toFixed(2)}`);
  expect(await isWhole(back.locator('p').first())).toBe(true);
  await expect(claimed.getByRole('button', { name: /Put back/ })).toHaveCount(0);

  // Ready to claim, with something to claim: the person claims it again by hand.
  const progress = page.getByRole('region', { name: 'Your reward' });
  await expect(
    progress.getByRole('progressbar', { name: 'Progress toward Netflix' }),
  ).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByText('Ready to claim!')).toBeVisible();
  await progress.getByRole('button', { name: 'Claim $15.99 toward Netflix' }).click();
  await expect(
    history.getByRole('listitem').filter({ hasText: /Reward applied toward your Netflix bill/ }),
  ).toHaveCount(2);
  await expect(page.getByLabel(/^Balance /)).toHaveText(`$${left.toFixed(2)}`);
  await expect(progress.getByText('Ready to claim!')).toHaveCount(0);
});
