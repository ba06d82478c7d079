/** The API as the signed-in person calls it, and the sandbox bank's tools the journeys share. */
import { expect, type Page } from '@playwright/test';

/**
 * Calls the API as the signed-in person (the token the web app keeps in session storage); a
 * refused call throws with its status and problem.
 */
export async function callApi(page: Page, path: string, body?: object) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body ? 'POST' : 'GET',
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('token')}`,
          'Content-Type': 'application/json',
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, body },
  );
}

/** The bank tells Billow new data is ready; waits until the sync (and its detection) ran. */
export async function syncFromBank(page: Page) {
  const profile = await callApi(page, '/api/user/profile-info');
  const before = await callApi(page, '/api/user/transaction-load-status');
  await callApi(page, '/api/dev/sandbox/item/fire-webhook', {
    financialAccountId: profile.linkedAccounts[0].id,
    webhook_code: 'SYNC_UPDATES_AVAILABLE',
  });
  await expect
    .poll(async () => (await callApi(page, '/api/user/transaction-load-status')).lastSyncedAt, {
      timeout: 45_000,
    })
    .not.toBe(before.lastSyncedAt);
}

type Charge = { date: string; description: string; amount: number };

/** A subscription's latest charge as the person's bank showed it. */
export async function lastChargeOf(page: Page, subscriptionId: string): Promise<Charge> {
  const { transaction_details: charges } = await callApi(
    page,
    '/api/subscriptions/transaction-details',
    { subscriptionId },
  );
  return [...(charges as Charge[])].sort((a, b) => a.date.localeCompare(b.date)).at(-1)!;
}

/**
 * A charge made at the sandbox bank on the person's first linked account (as Plaid's
 * /sandbox/transactions/create does), posted on its day, then synced.
 */
export async function chargeAtBank(page: Page, charge: Charge) {
  const profile = await callApi(page, '/api/user/profile-info');
  await callApi(page, '/api/dev/sandbox/item/create-transactions', {
    financialAccountId: profile.linkedAccounts[0].id,
    transactions: [
      {
        date_transacted: charge.date,
        date_posted: charge.date,
        amount: charge.amount,
        description: charge.description,
      },
    ],
  });
  await syncFromBank(page);
}
