import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/**
 * A linked login at one institution (Plaid's "item"). The provider's access token is kept only
 * encrypted (AES-256-GCM); the sync cursor is where the next /transactions/sync starts.
 * An item is stored the moment its public token is exchanged (`isLinkPending`, accounts not yet
 * read), so a link interrupted after the exchange is finished by a retry or by its first sync.
 */
export const bankItems = pgTable(
  'bank_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    providerItemId: text().notNull().unique(),
    accessTokenEncrypted: text().notNull(),
    institutionId: text(),
    institutionName: text().notNull(),
    institutionDomain: text(),
    cursor: text(),
    status: text({ enum: ['active', 'login_required', 'pending_disconnect', 'revoked'] })
      .notNull()
      .default('active'),
    /** Set when the first full sync (and detection over it) has finished. */
    initialSyncedAt: timestamp({ withTimezone: true }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastSyncError: text(),
    /** SHA-256 of the public token that linked (or repaired) it: a retried link/result finds it. */
    linkPublicTokenHash: text().unique(),
    isLinkPending: boolean().notNull().default(false),
    /**
     * Set on an "imported" item: transactions read from a file the person uploaded, not
     * a login at a provider, so it has no access token and is never synced or revoked. The value
     * is the file source (an OFX account, or a CSV's name without dates) that imports reuse.
     */
    importSource: text(),
    /**
     * Where the item's data comes from: 'provider' is the configured Link provider
     * (Plaid or the sandbox bank); 'simplefin' a SimpleFIN Bridge connection, whose Access URL
     * is kept in `accessTokenEncrypted` and read by date window (docs/banking.md).
     */
    source: text({ enum: ['provider', 'simplefin'] })
      .notNull()
      .default('provider'),
    /** What the source last said needs the person's attention (the Bridge's errors list). */
    sourceMessages: jsonb().$type<string[]>(),
    /** When Billow last asked the source for data (ISO times, the last day's): its daily quota. */
    sourceRequestTimes: jsonb().$type<string[]>(),
    /** Who is syncing this item, and until when (renewed while it runs): one sync at a time. */
    syncLeaseOwner: text(),
    syncLeaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bank_items_user_idx').on(table.userId),
    uniqueIndex('bank_items_import_source_idx').on(table.userId, table.importSource),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => bankItems.id, { onDelete: 'cascade' }),
    providerAccountId: text().notNull(),
    name: text().notNull(),
    officialName: text(),
    mask: text(),
    type: text({ enum: ['depository', 'credit', 'loan', 'investment', 'other'] }).notNull(),
    subtype: text(),
    currentBalanceCents: bigint({ mode: 'number' }),
    availableBalanceCents: bigint({ mode: 'number' }),
    isoCurrencyCode: text(),
    /**
     * The account's own institution, for a source that brings several banks in one connection
     * (a SimpleFIN Bridge); null when it is the item's.
     */
    institutionName: text(),
    institutionDomain: text(),
    isActive: boolean().notNull().default(true),
    /**
     * Set when this is the same real account as another of the person's, which is the one
     * counted (docs/banking.md, "The same account from two sources"): this one keeps no
     * transactions. Cleared when that one is removed.
     */
    sameAsAccountId: uuid().references((): AnyPgColumn => bankAccounts.id, {
      onDelete: 'set null',
    }),
    isPrimaryPaymentAccount: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_accounts_provider_idx').on(table.itemId, table.providerAccountId),
    index('bank_accounts_user_idx').on(table.userId),
    // Removing a counted account finds the ones recognised as the same as it.
    index('bank_accounts_same_as_idx').on(table.sameAsAccountId),
    // At most one primary payment account per person.
    uniqueIndex('bank_accounts_one_primary_idx')
      .on(table.userId)
      .where(sql`${table.isPrimaryPaymentAccount}`),
  ],
);

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => bankItems.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    providerTransactionId: text().notNull(),
    /** Cents; above 0 is money leaving the account (Plaid's convention). */
    amountCents: bigint({ mode: 'number' }).notNull(),
    isoCurrencyCode: text(),
    date: date({ mode: 'string' }).notNull(),
    authorizedDate: date({ mode: 'string' }),
    name: text().notNull(),
    merchantName: text(),
    pending: boolean().notNull().default(false),
    pendingTransactionId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_transactions_provider_idx').on(table.itemId, table.providerTransactionId),
    index('bank_transactions_user_date_idx').on(table.userId, table.date),
    index('bank_transactions_account_idx').on(table.accountId),
  ],
);
