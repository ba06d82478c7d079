import {
  bigint,
  boolean,
  date,
  integer,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SubscriptionCategory } from '@billow/contracts';
import { bankAccountKey, bankTransactionKey } from '../banking/banking.keys';
import { userKey } from '../users/users.keys';

/**
 * A recurring charge Billow found (or a person added, or told it is not one). Ids stay stable across
 * detection runs, and a row the person marked as not a subscription is kept so the stream never
 * comes back.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    merchantName: text().notNull(),
    merchantWebsite: text(),
    category: text().$type<SubscriptionCategory>().notNull(),
    cadence: text().notNull(),
    /** The engine's fixed-day period (28 for every four weeks, reported as monthly); null for calendar grids. */
    periodDays: integer(),
    status: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    averageAmountCents: bigint({ mode: 'number' }).notNull(),
    previousAmountCents: bigint({ mode: 'number' }),
    normalizedMonthlyCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('USD'),
    renewalDate: date({ mode: 'string' }),
    cancelDate: date({ mode: 'string' }),
    firstChargeDate: date({ mode: 'string' }).notNull(),
    lastChargeDate: date({ mode: 'string' }).notNull(),
    paymentAccountId: uuid().references(bankAccountKey, { onDelete: 'set null' }),
    isPriceIncrease: boolean().notNull().default(false),
    /**
     * The first charge at the new price of the latest increase (with isPriceIncrease): whether it
     * is still news is decided in one place, priceIncreaseOf in contracts (docs/figures.md).
     */
    priceChangedOn: date({ mode: 'string' }),
    confidence: real().notNull(),
    evidence: jsonb().$type<string[]>().notNull(),
    userMarkedNotSubscription: boolean().notNull().default(false),
    isBillowManaged: boolean().notNull().default(false),
    isAtomicManageEligible: boolean().notNull().default(false),
    /**
     * Added by the person from one of their transactions, where detection missed it.
     * Detection never deletes it, folds its own streams of the same charges into it, and
     * attaches the merchant's later charges to it (see user-added.ts).
     */
    isUserAdded: boolean().notNull().default(false),
    /** The normalised merchant of the charge it was added from: its later charges share it. */
    merchantKey: text(),
    /**
     * The last charge the bank had shown when a negotiation lowered the amount: until the bank
     * shows a newer charge, detection keeps the negotiated amount rather than the old price.
     */
    negotiatedAfter: date({ mode: 'string' }),
    /**
     * The last charge the bank had shown when the person's cancellation was verified:
     * detection keeps the subscription CANCELLED until the bank shows a charge after it.
     */
    cancelledAfter: date({ mode: 'string' }),
    /** Rewards applied toward the bill due on rewardCreditBillDate (its only bill they cover). */
    rewardCreditCents: bigint({ mode: 'number' }).notNull().default(0),
    rewardCreditBillDate: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    // Deleting a bank account sets its subscriptions' payment account to null: without this,
    // every account deletion scans the whole table.
    index('subscriptions_payment_account_idx').on(table.paymentAccountId),
  ],
);

/** Which bank transactions make up a subscription (rebuilt on every detection run). */
export const subscriptionTransactions = pgTable(
  'subscription_transactions',
  {
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    transactionId: uuid().notNull().references(bankTransactionKey, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.transactionId] }),
    index('subscription_transactions_transaction_idx').on(table.transactionId),
  ],
);
