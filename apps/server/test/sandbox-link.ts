/** Links a sandbox-bank item for a signed-in person over HTTP, the way the web app does. */
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { expect } from 'vitest';
import { bearer } from './sign-in';
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
