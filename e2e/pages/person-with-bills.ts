/**
 * A new person whose bank is a sandbox custom user (Plaid's override_accounts) with monthly bills
 * due a chosen number of days from today: journeys that check dates ("due this week") get the
 * same bills whatever day they run on.
 */
import { expect, type Page } from '@playwright/test';
import { normalizedUs, uniquePhone } from '../support/outbox';
import { SignInPage } from './sign-in-page';

export type MonthlyBill = { description: string; amount: number; dueInDays: number };
/** The checking account the bills are paid from: what it starts with, and its name. */
export type CheckingAccount = { balance?: number; name?: string };

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The same day `months` earlier, the day kept within the month (Jan 31 − 1 month → Dec 31). */
function monthsBefore(date: Date, months: number): Date {
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(
    Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0),
  ).getUTCDate();
  shifted.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return shifted;
}

/** Eight months of charges for each bill, the next one falling `dueInDays` from today (UTC). */
export function monthlyBillsAccount(
  bills: MonthlyBill[],
  today = new Date(),
  checking: CheckingAccount = {},
) {
  const transactions = bills.flatMap((bill) => {
    const due = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + bill.dueInDays),
    );
    return Array.from({ length: 8 }, (_, k) => {
      const date = iso(monthsBefore(due, k + 1));
      return {
        date_transacted: date,
        date_posted: date,
        amount: bill.amount,
        description: bill.description,
        currency: 'USD',
      };
    });
  });
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: checking.balance ?? 3000,
      meta: { name: checking.name ?? 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

/** Signs a new person in and links a custom sandbox user holding `bills`, then opens the dashboard. */
export async function personWithBills(
  page: Page,
  bills: MonthlyBill[],
  legalName = 'Mary Jackson',
  checking: CheckingAccount = {},
) {
  const signIn = new SignInPage(page);
  const phone = uniquePhone();
  await signIn.signIn(phone);
  await signIn.setLegalName(legalName);
  const created = await page.request.post('/api/dev/sandbox/public-token', {
    data: { override_accounts: monthlyBillsAccount(bills, new Date(), checking) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { public_token: publicToken } = (await created.json()) as { public_token: string };
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const linked = await page.request.post('/api/plaid/link/result', {
    headers: { Authorization: `Bearer ${token}` },
    data: { publicToken },
  });
  expect(await linked.json()).toEqual({ status: 'success' });
  // The first sync runs as a job: wait until the bills are found.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/subscriptions/list-all', {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as unknown[]).length;
      },
      { timeout: 45_000 },
    )
    .toBe(bills.length);
  await page.goto('/');
  return normalizedUs(phone);
}
