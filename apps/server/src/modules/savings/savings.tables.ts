import { bigint, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';

/**
 * Money Billow saved a person: negotiated reductions and annual-plan conversions both write here,
 * once per source event (sourceKey, e.g. the negotiation's or the payment's id), and the
 * lifetime-savings banner sums it.
 */
export const savingsLedger = pgTable(
  'savings_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Never left pointing at nothing: a bill with savings is ended, not deleted (issue 35).
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'no action' }),
    kind: text({ enum: ['negotiation', 'annual_conversion'] }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    sourceKey: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('savings_ledger_user_idx').on(table.userId),
    // Removing a subscription sets its entries' subscription to null: found by index, not a scan.
    index('savings_ledger_subscription_idx').on(table.subscriptionId),
    unique('savings_ledger_source_unique').on(table.userId, table.kind, table.sourceKey),
  ],
);
