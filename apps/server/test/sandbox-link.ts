/** Links a sandbox-bank item for a signed-in person over HTTP, the way the web app does. */
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { expect } from 'vitest';
import { bearer } from './sign-in';
import type { FakePlaid } from './fakes/fake-plaid';
import type { TestApp } from './test-app';

export function dayFrom(base: string, offset: number): string {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** One transaction in Plaid's custom-user format (amount > 0 is money out). */
export function customTransaction(
  date: string,
  description: string,
  amount: number,
  postedDate = date,
) {
  return { date_transacted: date, date_posted: postedDate, amount, description, currency: 'USD' };
}

/** A bill charged every 30 days, its last charge `daysAgo` days before the account's day. */
export type MonthlyBill = { description: string; amount: number; daysAgo: number };

/**
 * One checking account in Plaid's custom-user format whose history is `bills`, each charged
 * `months` times a month apart up to `today`.
 */
export function checkingWithBills(
  today: string,
  bills: MonthlyBill[],
  account: { mask: string; months?: number; startingBalance?: number },
) {
  const months = Array.from({ length: account.months ?? 6 }, (_, month) => month);
  return {
    type: 'depository',
    subtype: 'checking',
    starting_balance: account.startingBalance ?? 900,
    meta: { name: 'Checking', mask: account.mask },
    transactions: months.flatMap((month) =>
      bills.map((bill) =>
        customTransaction(
          dayFrom(today, -30 * month - bill.daysAgo),
          bill.description,
          bill.amount,
        ),
      ),
    ),
  };
}

/** The merchant whose calls always go through: it asks nothing and always agrees or cancels. */
export const TEST_MERCHANT_BILL: MonthlyBill = {
  description: 'TEST_MERCHANT MONTHLY',
  amount: 50,
  daysAgo: 6,
};
/** A Verizon bill: a merchant with published phone numbers for negotiating and cancelling. */
export const VERIZON_BILL: MonthlyBill = {
  description: 'VERIZON WIRELESS PAYMENT',
  amount: 75,
  daysAgo: 4,
};
/** A Hulu bill, as the card statement says it. */
export const huluBill = (amount: number): MonthlyBill => ({
  description: 'HULU 877-824-4858 CA',
  amount,
  daysAgo: 4,
});

export async function linkSandboxItem(
  t: TestApp,
  token: string,
  source:
    | { overrideAccounts: unknown[] }
    | {
        persona: string;
        /** Checking's available balance instead of the persona's. */ checkingAvailable?: number;
      },
  /** `seed` fixes the item's generated history, so a persona's run is the same every time. */
  options: { sync?: boolean; seed?: string } = {},
) {
  const created = await t.app.inject({
    method: 'POST',
    url: sandboxRoutes.publicToken.path,
    payload:
      'overrideAccounts' in source
        ? { override_accounts: source.overrideAccounts }
        : {
            persona: source.persona,
            ...(source.checkingAvailable === undefined
              ? {}
              : { checking_available: source.checkingAvailable }),
          },
  });
  expect(created.statusCode, created.body).toBe(200);
  if (options.seed) {
    await t.database.executeSql(
      `update sandbox_bank.public_tokens set spec = jsonb_set(spec, '{seed}', to_jsonb($1::text))
       where public_token = $2`,
      [options.seed, created.json().public_token],
    );
  }
  const result = await t.app.inject({
    method: 'POST',
    url: bankingRoutes.linkResult.path,
    headers: bearer(token),
    payload: { publicToken: created.json().public_token },
  });
  expect(result.json()).toEqual({ status: 'success' });
  if (options.sync !== false) await t.runQueuedJobs();
}

/**
 * A public token from the fake of Plaid's sandbox for a custom user with these accounts, the
 * way Link hands one to the app; the item is consented to `products`.
 */
export async function plaidPublicToken(
  plaid: Pick<FakePlaid, 'url' | 'credentials'>,
  accounts: unknown[],
  options: { institutionId?: string; products?: string[] } = {},
): Promise<string> {
  const response = await fetch(`${plaid.url}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: plaid.credentials.clientId,
      secret: plaid.credentials.secret,
      institution_id: options.institutionId ?? 'ins_sbx_citi',
      initial_products: options.products ?? ['transactions'],
      options: {
        override_username: 'user_custom',
        override_password: JSON.stringify({ override_accounts: accounts }),
      },
    }),
  });
  return ((await response.json()) as { public_token: string }).public_token;
}
