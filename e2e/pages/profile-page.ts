import { expect, type Page } from '@playwright/test';

/** The profile section of the dashboard, reached from the greeting in the header. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open(firstName: string) {
    await this.page.goto('/');
    await this.page.getByRole('button', { name: new RegExp(`Hi, ${firstName}`) }).click();
    await expect(this.page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(this.page).toHaveURL(/\/auth$/);
  }
}
