import { expect, type Page } from '@playwright/test';
import { latestCode, normalizedUs } from '../support/outbox';

/** The /auth screen: phone, then the texted code, then (for new people) the legal name. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/auth');
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async requestCode(phone: string) {
    await this.page.getByLabel('Phone number').fill(phone);
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await this.page.getByRole('button', { name: 'Next' }).click();
    await expect(this.page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    return sentAfter;
  }

  async enterCode(code: string) {
    await this.page.getByLabel('Verification code').fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  /** Signs in with the code from the outbox. */
  async signIn(phone: string) {
    await this.open();
    const sentAfter = await this.requestCode(phone);
    await this.enterCode(await latestCode(this.page.request, normalizedUs(phone), sentAfter));
  }

  async setLegalName(name: string) {
    await expect(
      this.page.getByRole('heading', { name: 'What’s your full legal name?' }),
    ).toBeVisible();
    await this.page.getByLabel('Full legal name').fill(name);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
