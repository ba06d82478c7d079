import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';
import type { SavingProof } from './savings.service';

/**
 * Money Billow saved a person: negotiated reductions, annual-plan conversions and verified
 * cancellations (a year of the bill) write here,
 * once per source event (sourceKey, e.g. the negotiation's or the payment's id). A negotiated
 * saving is 'promised' until the bank shows it (its proof), then 'verified'; only verified
 * savings make the lifetime-savings figure and earn rewards.
 */
export const savingsLedger = pgTable(
  'savings_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    // Never left pointing at nothing: a bill with savings is ended, not deleted.
    subscriptionId: uuid().references(subscriptionKey, { onDelete: 'no action' }),
    kind: text({ enum: ['negotiation', 'annual_conversion', 'cancellation'] }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    sourceKey: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['promised', 'verified'] })
      .notNull()
      .default('verified'),
    /** For a promised saving: what the bank must show to verify it. */
    proof: jsonb().$type<SavingProof>(),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('savings_ledger_user_idx').on(table.userId),
    index('savings_ledger_promised_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'promised'`),
    // Removing a subscription sets its entries' subscription to null: found by index, not a scan.
    index('savings_ledger_subscription_idx').on(table.subscriptionId),
    unique('savings_ledger_source_unique').on(table.userId, table.kind, table.sourceKey),
  ],
);
