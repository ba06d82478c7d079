import { expect, test, type Page } from '@playwright/test';
import { SignInPage } from './pages/sign-in-page';
import { latestCode, normalizedUs, uniquePhone } from './support/outbox';

async function expectAuthFor(page: Page, merchant: string) {
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(`Sign in to start saving on your ${merchant} bill`)).toBeVisible();
}

test.describe('the onboarding funnel', () => {
  test('a visitor walks /signup to /auth with their merchant carried along', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Get Started' }).click();

    await expect(
      page.getByRole('heading', { name: 'Choose a bill you would like to save money on' }),
    ).toBeVisible();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await page.getByRole('button', { name: 'Hulu' }).click();
    await continueButton.click();

    await expect(
      page.getByRole('heading', { name: "How much do you think you're paying Hulu every month?" }),
    ).toBeVisible();
    const amount = page.getByLabel('Monthly amount');
    const next = page.getByRole('button', { name: 'Next' });
    await amount.fill('0');
    await expect(next).toBeDisabled();
    await amount.fill('50');
    await amount.press('Enter');

    await expect(page.getByText("Let's see how much Billow can save you")).toBeVisible();
    await expect(page.getByText('$120.00')).toBeVisible({ timeout: 6000 });
    await expect(page.getByText('12 month period')).toBeVisible();
    await page.getByRole('button', { name: 'Sign up to save' }).click();
    await expectAuthFor(page, 'Hulu');
  });

  test('a reload keeps the funnel’s step, and Back walks the steps instead of leaving', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('button', { name: 'Hulu' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const estimate = page.getByRole('heading', {
      name: "How much do you think you're paying Hulu every month?",
    });
    await expect(estimate).toBeVisible();

    await page.reload();
    await expect(estimate).toBeVisible();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();

    await page.goBack();
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  for (const landing of [
    { path: '/netflix-signup', headline: 'save $45 on your', merchant: 'Netflix' },
    { path: '/planetfitness-signup', headline: 'save $88 on your', merchant: 'Planet Fitness' },
  ]) {
    test(`the ${landing.merchant} landing page leads to sign-in for ${landing.merchant}`, async ({
      page,
    }) => {
      await page.goto(landing.path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        `${landing.headline} ${landing.merchant}`,
      );
      await page.getByRole('button', { name: 'Get Started' }).click();
      await expectAuthFor(page, landing.merchant);
    });
  }
});

test.describe('settings onboarding after sign-up', () => {
  async function signUp(page: Page, from = '/netflix-signup') {
    await page.goto(from);
    await page.getByRole('button', { name: 'Get Started' }).click();
    const signIn = new SignInPage(page);
    const phone = uniquePhone();
    const sentAfter = await signIn.requestCode(phone);
    await signIn.enterCode(await latestCode(page.request, normalizedUs(phone), sentAfter));
    await signIn.setLegalName('Katherine Johnson');
    await expect(page).toHaveURL(/\/profile-settings-customization$/);
  }

  test('with negotiation on, the voice step comes next and the merchant follows to /link', async ({
    page,
  }) => {
    await signUp(page);
    await expect(page.getByRole('heading', { name: 'Bill Negotiation' })).toBeVisible();
    await expect(page.getByRole('switch', { name: /Negotiate my bills/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Customization' })).toBeVisible();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await page.getByRole('radio', { name: 'Female' }).check({ force: true });
    await continueButton.click();

    await expect(page.getByRole('heading', { name: 'Subscription Notifications' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/account-linking-info$/);
    await expect(
      page.getByText('on your way to saving $45 on your Netflix subscription'),
    ).toBeVisible();
    for (const saving of ['-$85', '-$45', '-$20', '-$60'])
      await expect(page.getByText(saving).first()).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/link$/);

    // The choices were saved to the profile.
    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/user/profile-info', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return response.json();
    });
    expect(profile).toMatchObject({
      gender: 'female',
      profile_settings: {
        is_bill_negotiation_enabled: true,
        is_subscription_notifications_enabled: true,
      },
    });
  });

  test('skipping negotiation goes straight to notifications', async ({ page }) => {
    await signUp(page, '/planetfitness-signup');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page.getByRole('heading', { name: 'Subscription Notifications' })).toBeVisible();
    await page.getByRole('switch', { name: /Text me before bills are due/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account-linking-info$/);
    await expect(
      page.getByText('on your way to saving $88 on your Planet Fitness subscription'),
    ).toBeVisible();
  });
});

test('page views and funnel steps are recorded first-party, without personal data', async ({
  page,
}) => {
  const sent: { name: string; properties?: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/events')) {
      sent.push(...(request.postDataJSON() as { events: typeof sent }).events);
    }
  });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByRole('button', { name: 'Netflix' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Monthly amount').fill('21.50');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect
    .poll(() => sent.map((event) => event.name))
    .toEqual(
      expect.arrayContaining([
        'page_view',
        'signup_get_started',
        'signup_merchant_selected',
        'signup_estimate_entered',
      ]),
    );
  // Nowhere in what is sent but the clock time, which may read 21.5… by chance (…:22:21.538Z).
  const withoutTimes = sent.map((event) => ({ ...event, occurredAt: undefined }));
  expect(JSON.stringify(withoutTimes)).not.toContain('21.5');
});
