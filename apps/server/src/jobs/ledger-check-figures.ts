/** The nightly ledger reconciliation's latest run, read for `npm run jobs` (raw SQL, no app). */
import type { Database } from '../db/database';
import type { LedgerCheck } from '../modules/ledgers/ledgers.service';
import type { LedgerViolation } from '../modules/ledgers/ledgers.tables';

export async function readLedgerCheck(database: Database): Promise<LedgerCheck | undefined> {
  const { rows: exists } = await database.executeSql(
    `SELECT to_regclass('public.ledger_checks') IS NOT NULL AS ok`,
  );
  if (!exists[0]?.ok) return undefined;
  const { rows } = await database.executeSql(
    `SELECT checked_at, people, savings_entries, reward_entries, violations
       FROM ledger_checks ORDER BY checked_at DESC LIMIT 1`,
  );
  const row = rows[0] as
    | {
        checked_at: Date | string;
        people: number;
        savings_entries: number;
        reward_entries: number;
        violations: LedgerViolation[] | string;
      }
    | undefined;
  if (!row) return undefined;
  return {
    checkedAt: new Date(row.checked_at),
    people: Number(row.people),
    savingsEntries: Number(row.savings_entries),
    rewardEntries: Number(row.reward_entries),
    violations:
      typeof row.violations === 'string'
        ? (JSON.parse(row.violations) as LedgerViolation[])
        : row.violations,
  };
}
