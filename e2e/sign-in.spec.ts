import { expect, test } from '@playwright/test';
import { ProfilePage } from './pages/profile-page';
import { SignInPage } from './pages/sign-in-page';
import { latestCode, normalizedUs, uniquePhone } from './support/outbox';

test.describe('signing in with a texted code', () => {
  test('a new person signs up, names themselves, signs out and back in to the onboarding they left, and stays signed in', async ({
    page,
  }) => {
    // Two full sign-ins and the profile: about 30 s on a loaded 2-core runner, the default limit.
    test.slow();
    const phone = uniquePhone();
    const signIn = new SignInPage(page);

    await signIn.signIn(phone);
    await signIn.setLegalName('Ada Lovelace');
    await expect(page).toHaveURL(/\/profile-settings-customization$/);

    const profile = new ProfilePage(page);
    await profile.open('Ada');
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await profile.signOut();

    // They left the settings onboarding half-way: signing in again brings them back to it.
    await signIn.signIn(phone);
    await expect(page).toHaveURL(/\/profile-settings-customization$/);

    await page.goto('/');
    await expect(page.getByRole('button', { name: /Hi, Ada/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /Hi, Ada/ })).toBeVisible();
  });

  test('a reload on the name step brings the name step back, then the settings onboarding', async ({
    page,
  }) => {
    const signIn = new SignInPage(page);
    await signIn.signIn(uniquePhone());
    await expect(page.getByRole('heading', { name: 'What’s your full legal name?' })).toBeVisible();

    await page.reload();
    await signIn.setLegalName('Grace Hopper');
    await expect(page).toHaveURL(/\/profile-settings-customization$/);

    // And on any later start while the name is still missing, wherever the person lands.
    await page.goto('/');
    await expect(page.getByRole('button', { name: /Hi, Grace/ })).toBeVisible();
  });

  test('a reload, or Back then Next, on the code step keeps the code already texted', async ({
    page,
  }) => {
    const phone = uniquePhone();
    const signIn = new SignInPage(page);
    await signIn.open();
    const sentAfter = await signIn.requestCode(phone);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();

    await page.getByRole('button', { name: /Back/ }).click();
    await expect(page.getByLabel('Phone number')).toHaveValue(phone);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await signIn.enterCode(await latestCode(page.request, normalizedUs(phone), sentAfter));
    await signIn.setLegalName('Katherine Johnson');
    await expect(page).toHaveURL(/\/profile-settings-customization$/);
  });

  test('the profile stays open through a reload, Back returns to the dashboard, and its address opens it', async ({
    page,
  }) => {
    const signIn = new SignInPage(page);
    await signIn.signIn(uniquePhone());
    await signIn.setLegalName('Mae Jemison');
    const profile = new ProfilePage(page);
    await profile.open('Mae');
    await expect(page).toHaveURL(/\/\?section=profile$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText('Mae Jemison')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: /Hi, Mae/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile' })).toHaveCount(0);
    // The address, as a bookmark would open it (no page state), lands on the profile too.
    await page.goto('/?section=profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });

  test('a wrong code is refused with its message, and Back returns to the phone', async ({
    page,
  }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.requestCode(uniquePhone());
    await signIn.enterCode('000001');
    await expect(
      page.getByText('Invalid verification code. Please check your code and try again.'),
    ).toBeVisible();
    await page.getByRole('button', { name: /Back/ }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a person manages their profile and deletes their account', async ({ page }) => {
    // Sign-in, an email code, a reload, feedback and a deletion: longer than the default on a busy CI.
    test.setTimeout(90_000);
    const phone = uniquePhone();
    const signIn = new SignInPage(page);
    await signIn.signIn(phone);
    await signIn.setLegalName('Grace Hopper');
    const profile = new ProfilePage(page);
    await profile.open('Grace');

    // Edit profile: name and a recovery email, which then needs verifying.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Grace B. Hopper');
    const email = `grace+${Date.now()}@example.com`;
    await dialog.getByLabel('Email').fill(email);
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await dialog.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Grace B. Hopper')).toBeVisible();

    // Changing the email asks for its code after a short pause.
    const verify = page.getByRole('dialog');
    await expect(verify.getByLabel(/code/i)).toBeVisible();
    await verify.getByLabel(/code/i).fill(await latestCode(page.request, email, sentAfter));
    await verify.getByRole('button', { name: /Verify/ }).click();
    await expect(page.getByText(/Verified/i).first()).toBeVisible();

    // A setting survives a reload.
    const overdraft = page.getByRole('switch', { name: /Overdraft protection/i });
    await expect(overdraft).toBeChecked();
    await overdraft.click();
    await expect(overdraft).not.toBeChecked();
    await page.reload();
    await profile.open('Grace');
    await expect(page.getByRole('switch', { name: /Overdraft protection/i })).not.toBeChecked();

    // Feedback.
    await page.getByLabel('What could Billow do better?').fill('Billow found my gym membership!');
    await expect(page.getByText('31/1000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();

    // Delete the account, with a confirmation first.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // The number is a stranger again: signing in creates a new account.
    await signIn.signIn(phone);
    await expect(page.getByRole('heading', { name: 'What’s your full legal name?' })).toBeVisible();
  });
});
