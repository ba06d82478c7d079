import { expect, type Page } from '@playwright/test';

/** Billow's sandbox bank Link dialog, driven as a person would. */
export class LinkDialog {
  constructor(private readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog');
  }

  async start() {
    await this.page.getByRole('button', { name: 'Link my subscriptions' }).click();
    await expect(
      this.page.getByRole('dialog', {
        name: 'Billow uses its sandbox bank to connect your accounts',
      }),
    ).toBeVisible();
    await this.dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('dialog', { name: 'Select your institution' })).toBeVisible();
  }

  async chooseBank(name: string) {
    await this.dialog
      .getByRole('searchbox', { name: 'Search for your bank' })
      .or(this.dialog.getByLabel('Search for your bank'))
      .first()
      .fill(name);
    // The search waits for a pause in typing, then asks the server: until its answer shows, the
    // list on screen is the one before, and when the answer replaces it a row can move out from
    // under a click already aimed at it.
    const list = this.dialog.getByRole('list', { name: 'Institutions' });
    const wanted = new RegExp(name, 'i');
    await expect(list.getByRole('button').filter({ hasNotText: wanted })).toHaveCount(0);
    await list.getByRole('button', { name: wanted }).first().click();
  }

  async logIn(username: string, password: string) {
    await expect(this.page.getByRole('dialog', { name: 'Enter your credentials' })).toBeVisible();
    await this.dialog.getByLabel('Username').fill(username);
    await this.dialog.getByLabel('Password').fill(password);
    await this.dialog.getByRole('button', { name: 'Submit' }).click();
  }

  async finish() {
    await this.dialog.getByRole('button', { name: 'Continue' }).click(); // accounts, all chosen
    await expect(this.page.getByRole('dialog', { name: 'Success!' })).toBeVisible();
    await this.dialog.getByRole('button', { name: 'Continue' }).click();
  }
}
