/**
 * What a person reads when paying for an annual plan fails (docs/annual-plans.md,
 * "When paying fails"), each failure reached through real state on the confirmation screen: the
 * bank wants a new login, the subscription is no longer one, the account that pays was removed, or
 * holds too little.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmFirstInstantSaving } from './pages/annual-plan-flow';
import { linkedPerson } from './pages/linked-person';
import { personWithBills } from './pages/person-with-bills';

test.describe.configure({ timeout: 150_000 });

/** Calls Billow's API as the signed-in web app does. */
const api = (page: Page, path: string, body?: object) =>
  page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body ? 'POST' : 'GET',
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('token')}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );

async function payAndRead(page: Page) {
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  return alert;
}

async function checkingAccountId(page: Page): Promise<string> {
  const profile = await api(page, '/api/user/profile-info');
  const accounts = profile.body.linkedAccounts as { id: string; accountSubType: string | null }[];
  return accounts.find((account) => account.accountSubType === 'checking')!.id;
}

test('each payment failure says what to do, in the documented words, and nothing is paid', async ({
  page,
}) => {
  await linkedPerson(page, 'Dorothy Vaughan');
  const service = await confirmFirstInstantSaving(page);
  const accountId = await checkingAccountId(page);

  // The bank wants the person to log in again: the account's data cannot be trusted.
  const reset = await api(page, '/api/dev/sandbox/item/reset-login', {
    financialAccountId: accountId,
  });
  expect(reset.status).toBe(200);
  await expect(await payAndRead(page)).toHaveText(
    'Account information is incomplete. Please refresh your bank account connection.',
  );

  // The account that pays is removed while the screen still shows it.
  const removed = await api(page, '/api/user/delete-financial-account', {
    financialAccountId: accountId,
  });
  expect(removed.status).toBe(200);
  await expect(await payAndRead(page)).toHaveText(
    'No payment account found. Please link a bank account first.',
  );

  // The person said the bill is not a subscription (from another tab, say).
  const list = await api(page, '/api/subscriptions/list-all');
  const subscription = (list.body as { id: string; merchant_name: string }[]).find(
    (s) => s.merchant_name === service,
  )!;
  expect(
    (await api(page, '/api/subscriptions/delete', { subscriptionId: subscription.id })).status,
  ).toBe(200);
  await expect(await payAndRead(page)).toHaveText(
    'Subscription not found. Please refresh and try again.',
  );

  // Nothing was paid: no gift card waits for this subscription.
  const card = await api(page, '/api/gift-cards/get', {
    subscriptionId: subscription.id,
    includeFullCardNumber: false,
  });
  expect(card.body.success).toBe(false);
});

test('an account that holds less than the plan costs is declined for insufficient funds', async ({
  page,
}) => {
  // Hulu's annual plan costs more than what eight months of Hulu leave of $200 in checking.
  await personWithBills(
    page,
    [{ description: 'HULU 877-8244858 CA', amount: 18.99, dueInDays: 10 }],
    'Mary Jackson',
    { balance: 200 },
  );
  await confirmFirstInstantSaving(page);
  await expect(await payAndRead(page)).toHaveText(
    'Insufficient funds in your account. Please add money to your account and try again.',
  );
});
