import { expect, test, type Page } from '@playwright/test';
import { LinkDialog } from './pages/link-dialog';
import { ProfilePage } from './pages/profile-page';
import { SignInPage } from './pages/sign-in-page';
import { uniquePhone } from './support/outbox';

test.describe.configure({ timeout: 90_000 });

/** A new person, signed up and named, sent to /link. */
async function newPersonAtLink(page: Page, name = 'Mary Jackson') {
  const signIn = new SignInPage(page);
  await signIn.signIn(uniquePhone());
  await signIn.setLegalName(name);
  await page.goto('/link');
  await expect(page.getByText(/Connect your bills and subscriptions with/)).toBeVisible();
}

test.describe('linking a bank', () => {
  test('a new person links the sandbox bank and lands on a dashboard with their bills', async ({
    page,
  }) => {
    await newPersonAtLink(page);
    const link = new LinkDialog(page);
    await link.start();
    await link.chooseBank('Wells Fargo');
    await link.logIn('user_good', 'pass_good');
    await link.finish();

    // The loading screen shows until the bills are found; stored on the success pane, they may
    // be found before Continue, and then it goes straight on.
    await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });

    // The default persona's bills, soonest first under Upcoming; Netflix is in All.
    const bills = page.getByRole('region', { name: /Bills/ });
    await expect(bills.getByText('Due this month')).toBeVisible();
    await bills.getByRole('tab', { name: 'All' }).click();
    await expect(bills.getByText('Netflix')).toBeVisible();
    await expect(bills.getByText('Average per month')).toBeVisible();
  });

  test('a reload on the success pane keeps the link: it is stored on success, not on Continue', async ({
    page,
  }) => {
    await newPersonAtLink(page, 'Dorothy Vaughan');
    const link = new LinkDialog(page);
    await link.start();
    await link.chooseBank('Wells Fargo');
    await link.logIn('user_good', 'pass_good');
    await link.dialog.getByRole('button', { name: 'Continue' }).click(); // accounts, all chosen
    await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();
    // Stored while the pane shows: the dashboard finds the bank without anyone pressing Continue.
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => sessionStorage.getItem('token'));
        const response = await page.request.get('/api/user/profile-info', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { linkedAccounts: unknown[] }).linkedAccounts.length;
      })
      .toBeGreaterThan(0);

    await page.reload();
    await page.goto('/');
    const bills = page.getByRole('region', { name: /Bills/ });
    await bills.getByRole('tab', { name: 'All' }).click({ timeout: 45_000 });
    await expect(bills.getByText('Netflix')).toBeVisible({ timeout: 45_000 });
  });

  test('a wrong password shows the bank’s message, and trying again works', async ({ page }) => {
    await newPersonAtLink(page);
    const link = new LinkDialog(page);
    await link.start();
    await link.chooseBank('Bank of America');
    await link.logIn('user_good', 'wrong-password');
    await expect(link.dialog.getByText(/the provided credentials were not correct/i)).toBeVisible();
    await link.logIn('user_good', 'pass_good');
    await link.finish();
    await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });
  });

  test('an OAuth bank sends the person away and back through /plaid-oauth', async ({ page }) => {
    await newPersonAtLink(page);
    const link = new LinkDialog(page);
    await link.start();
    await link.chooseBank('Chase');
    await link.dialog.getByRole('button', { name: /Continue to Chase/ }).click();
    await expect(page).toHaveURL(/\/plaid-oauth\?oauth_state_id=/);
    // The page reopens Link at once; its modal hides the page heading from the accessibility tree.
    await expect(page.getByText('Connecting Your Account')).toBeVisible();
    await link.finish();
    await expect(page.getByText('Account Connected Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  });

  test('linking the same bank login again says so and doubles nothing', async ({ page }) => {
    await newPersonAtLink(page, 'Annie Easley');
    const link = new LinkDialog(page);
    await link.start();
    await link.chooseBank('Citi');
    await link.logIn('user_good', 'pass_good');
    await link.finish();
    await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });

    const profile = new ProfilePage(page);
    await profile.open('Annie');
    const accounts = page.getByRole('region', { name: 'Linked Accounts' });
    const listed = accounts.getByRole('button', { name: /Citi/ });
    await expect(listed.first()).toBeVisible();
    const count = await listed.count();

    await accounts.getByRole('link', { name: 'Add account' }).click();
    await link.start();
    await link.chooseBank('Citi');
    await link.logIn('user_good', 'pass_good');
    await link.finish();
    await expect(
      page.getByText(
        'This bank login is already linked to Billow. Your accounts and bills stay as they are.',
      ),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Back to Profile' }).click();
    await expect(listed.first()).toBeVisible();
    await expect(listed).toHaveCount(count);
  });

  test('from the profile: link a second bank, make an account primary, remove one', async ({
    page,
  }) => {
    await newPersonAtLink(page, 'Dorothy Vaughan');
    const link = new LinkDialog(page);
    await link.start();
    await link.chooseBank('Citi');
    await link.logIn('user_good', 'pass_good');
    await link.finish();
    await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });

    const profile = new ProfilePage(page);
    await profile.open('Dorothy');
    const accounts = page.getByRole('region', { name: 'Linked Accounts' });
    await expect(accounts.getByText('Citi').first()).toBeVisible();
    await accounts.getByRole('link', { name: 'Add account' }).click();
    await expect(page).toHaveURL(/\/link$/);
    await expect(page.getByRole('button', { name: 'Back to Profile' })).toBeVisible();
    await link.start();
    await link.chooseBank('Capital One');
    await link.logIn('user_good', 'pass_good');
    await link.finish();
    // Back on the profile, both banks are listed.
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
    await expect(accounts.getByText('Capital One').first()).toBeVisible();

    // Make the Citi checking account primary.
    await accounts
      .getByRole('button', { name: /Citi.*checking/i })
      .first()
      .click();
    const details = page.getByRole('dialog');
    await details.getByRole('button', { name: 'Make Primary Payment Account' }).click();
    await expect(details.getByText('Primary', { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(accounts.getByText('Primary', { exact: true })).toBeVisible();

    // Remove the Capital One credit card, with a confirmation.
    await accounts
      .getByRole('button', { name: /Capital One.*credit/i })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Remove/ })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: /Remove/ }).click();
    await expect(accounts.getByRole('button', { name: /Capital One.*credit/i })).toHaveCount(0);
  });
});
