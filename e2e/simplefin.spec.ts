/**
 * SimpleFIN Bridge (issue 37): a person pastes a setup token from their Bridge on /link, and the
 * subscriptions in the Bridge's history reach the dashboard. The Bridge is a local fake that
 * speaks the protocol (the server runs in sandbox mode, which accepts an http://127.0.0.1 claim).
 */
import { expect, test } from '@playwright/test';
import {
  startFakeSimplefin,
  unixSeconds,
  type FakeSimplefin,
} from '../apps/server/test/fakes/fake-simplefin';
import { SignInPage } from './pages/sign-in-page';
import { uniquePhone } from './support/outbox';
import { reloadUntilVisible } from './support/reload-until';

test.describe.configure({ timeout: 120_000 });

let bridge: FakeSimplefin;
test.beforeAll(async () => {
  bridge = await startFakeSimplefin();
  const daysAgo = (days: number) => unixSeconds(new Date(Date.now() - days * 86_400_000));
  bridge.accounts = [
    {
      org: { domain: 'firstfed.example', name: 'First Federal', 'sfin-url': bridge.url },
      id: 'ACT-checking',
      name: 'Everyday Checking 4321',
      currency: 'USD',
      balance: '2500.10',
      'available-balance': '2400.00',
      'balance-date': daysAgo(0),
      transactions: [
        ...[2, 32, 62, 88].flatMap((d) => [
          {
            id: `TRN-netflix-${d}`,
            posted: daysAgo(d),
            amount: '-15.49',
            description: 'NETFLIX.COM 866-579-7172 CA',
          },
          {
            id: `TRN-spotify-${d}`,
            posted: daysAgo(d + 1),
            amount: '-11.99',
            description: 'SPOTIFY USA 877-7781161 NY',
          },
        ]),
        { id: 'TRN-pay', posted: daysAgo(10), amount: '2500.00', description: 'ACME CORP PAYROLL' },
      ],
    },
  ];
});
test.afterAll(() => bridge.close());

test('a pasted SimpleFIN setup token brings the subscriptions to the dashboard', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.signIn(uniquePhone());
  await signIn.setLegalName('Katherine Johnson');
  await page.goto('/link');

  await page.getByRole('button', { name: 'Connect with SimpleFIN Bridge' }).click();
  await expect(page.getByText(/about \$15 a year/)).toBeVisible();
  const field = page.getByLabel('SimpleFIN setup token');

  // Something that is not a token is refused in the server's words.
  await field.fill('not a token');
  await page.getByRole('button', { name: 'Connect SimpleFIN Bridge' }).click();
  await expect(page.getByText(/This is not a SimpleFIN setup token/)).toBeVisible();

  await field.fill(bridge.createSetupToken());
  await page.getByRole('button', { name: 'Connect SimpleFIN Bridge' }).click();

  await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });
  const bills = page.getByRole('region', { name: /Bills/ });
  await bills.getByRole('tab', { name: 'All' }).click();
  await expect(bills.getByText('Netflix', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bills.getByText('Spotify', { exact: true })).toBeVisible();

  // The profile says where the account comes from.
  await page.getByRole('button', { name: /Hi, Katherine/ }).click();
  const accounts = page.getByRole('region', { name: 'Linked Accounts' });
  await expect(accounts.getByText(/SimpleFIN Bridge/)).toBeVisible();
  await expect(accounts.getByText('First Federal')).toBeVisible();
});

test('an annual plan cannot be paid from a SimpleFIN account, and the account screen says why', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.signIn(uniquePhone());
  await signIn.setLegalName('Dorothy Vaughan');
  await page.goto('/link');
  await page.getByRole('button', { name: 'Connect with SimpleFIN Bridge' }).click();
  await page.getByLabel('SimpleFIN setup token').fill(bridge.createSetupToken());
  await page.getByRole('button', { name: 'Connect SimpleFIN Bridge' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });

  // Netflix's annual plan is offered from the Bridge's charges …
  const card = page.getByRole('region', { name: 'Instant savings' });
  await reloadUntilVisible(page, card.getByRole('button', { name: /Netflix/ }));
  await card.getByRole('button', { name: /Netflix/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: 'Choose the account that pays', level: 1 }),
  ).toBeVisible();
  // … but the Bridge's account is not offered to pay, and the screen says why.
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText(
    'No payment account found. Please link a bank account first.',
  );
  await expect(page.getByRole('list', { name: "Accounts that can't pay" })).toContainText(
    /First Federal.*: Comes in through SimpleFIN Bridge, which can show transactions but not pay\./,
  );
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});
