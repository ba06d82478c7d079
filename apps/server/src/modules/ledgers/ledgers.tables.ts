import { index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One broken rule of the money ledgers, as the nightly reconciliation found it. */
export type LedgerViolation = {
  rule: 'reward-without-verified-source' | 'balance-mismatch' | 'saving-above-bound';
  userId: string;
  /** The entry's source key (e.g. negotiation:<id>), when the rule is about one entry. */
  sourceKey?: string;
  detail: string;
};

/**
 * The nightly reconciliation's runs (docs/savings.md): when it ran, how much it read and what it
 * found broken. `npm run jobs` prints the latest.
 */
export const ledgerChecks = pgTable(
  'ledger_checks',
  {
    id: uuid().primaryKey().defaultRandom(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    people: integer().notNull(),
    savingsEntries: integer().notNull(),
    rewardEntries: integer().notNull(),
    violations: jsonb().$type<LedgerViolation[]>().notNull(),
  },
  (table) => [index('ledger_checks_checked_at_idx').on(table.checkedAt)],
);
