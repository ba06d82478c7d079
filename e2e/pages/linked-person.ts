/** A new person who signed in, named themselves and linked the sandbox bank's PNC login. */
import { expect, type Page } from '@playwright/test';
import { uniquePhone } from '../support/outbox';
import { LinkDialog } from './link-dialog';
import { SignInPage } from './sign-in-page';

export async function linkedPerson(page: Page, legalName = 'Annie Easley') {
  const signIn = new SignInPage(page);
  const phone = uniquePhone();
  await signIn.signIn(phone);
  await signIn.setLegalName(legalName);
  await page.goto('/link');
  const link = new LinkDialog(page);
  await link.start();
  await link.chooseBank('PNC');
  await link.logIn('user_good', 'pass_good');
  await link.finish();
  await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });
  return { phone };
}
