/**
 * Playwright's global teardown: once every journey of the run has ended, and while the server
 * still runs, the money ledgers' reconciliation (docs/savings.md) runs on the journeys' database.
 * A broken rule (a reward without a verified source, a balance that is not earned − applied −
 * reversed) fails the run, each violation named.
 */
import { request, type FullConfig } from '@playwright/test';

/** devRoutes.reconcileLedgers in the contracts (the journeys read no app code). */
const RECONCILE_PATH = '/api/dev/ledgers/reconcile';

type Answer = {
  people: number;
  reward_entries: number;
  violations: { rule: string; user_id: string; source_key?: string; detail: string }[];
};

export default async function ledgersCheck(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('The journeys have no baseURL to reach the server at.');
  const api = await request.newContext({ baseURL });
  try {
    const response = await api.post(RECONCILE_PATH);
    if (!response.ok()) {
      throw new Error(
        `The ledger reconciliation could not run: ${response.status()} ${await response.text()}`,
      );
    }
    const check = (await response.json()) as Answer;
    if (check.violations.length > 0) {
      throw new Error(
        `The journeys left the money ledgers breaking ${check.violations.length} rule(s):\n` +
          check.violations
            .map((v) => `  ${v.rule}  person ${v.user_id}  ${v.source_key ?? ''}  ${v.detail}`)
            .join('\n'),
      );
    }
    process.stdout.write(
      `Ledger reconciliation after the journeys: ${check.people} people, ${check.reward_entries} reward entries, no violations.\n`,
    );
  } finally {
    await api.dispose();
  }
}
