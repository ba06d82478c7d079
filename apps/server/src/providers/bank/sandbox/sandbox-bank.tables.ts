/**
 * The sandbox bank's own records, as Plaid would keep them on its side: link tokens, public
 * tokens and items. Billow's banking module never reads these tables; it talks to the sandbox
 * through the BankProvider port like it would to Plaid. They live in a PostgreSQL schema of their
 * own, `sandbox_bank`, so the application's `public` schema holds nothing of the sandbox.
 */
import { boolean, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { CreatedTransaction } from './created-transactions';

export const sandboxBankSchema = pgSchema('sandbox_bank');

export type SandboxItemSpec = {
  institutionId: string;
  persona: string | null;
  overrideAccounts: unknown | null;
  /** Which of the generated accounts the person chose to share; all when null. */
  accountKeys: string[] | null;
  /** Checking's available balance (dollars) instead of the persona's: the pass_overdraft login. */
  checkingAvailable?: number;
  /** Made after linking (Plaid's /sandbox/transactions/create), in the order they were made. */
  createdTransactions?: CreatedTransaction[];
};

export const sandboxLinkTokens = sandboxBankSchema.table('link_tokens', {
  linkToken: text().primaryKey(),
  clientUserRef: text().notNull(),
  updateItemId: text(),
  redirectUri: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPublicTokens = sandboxBankSchema.table('public_tokens', {
  publicToken: text().primaryKey(),
  spec: jsonb().$type<SandboxItemSpec>().notNull(),
  /** Set when the token repairs an existing item (update mode) instead of creating one. */
  updateItemId: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

export const sandboxItems = sandboxBankSchema.table('items', {
  itemId: text().primaryKey(),
  accessTokenHash: text().notNull().unique(),
  spec: jsonb().$type<SandboxItemSpec>().notNull(),
  seed: text().notNull(),
  isLoginRequired: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
