import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';

export const rewardSources = ['annual_plan', 'negotiation', 'bill', 'person', 'other'] as const;
export type RewardSource = (typeof rewardSources)[number];
export const rewardKinds = ['earned', 'applied', 'reversed', 'returned'] as const;

/**
 * Rewards as an append-only ledger in cents, never a counter: entries earned (on Billow-paid annual
 * plans and successful negotiations), applied toward a bill, or reversed (e.g. a returned ACH
 * debit), or returned (an application whose bill changed before it was charged). One entry per
 * source event and kind (sourceKey), so a retried job writes nothing twice.
 */
export const rewardLedger = pgTable(
  'reward_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    // Never left pointing at nothing: a bill with rewards is ended, not deleted.
    subscriptionId: uuid().references(subscriptionKey, { onDelete: 'no action' }),
    /**
     * earned, applied toward a bill, reversed (taken back with its payment), or returned: an
     * application given back to the balance because its bill changed before it was charged
     * (same sourceKey as the application it returns).
     */
    kind: text({ enum: rewardKinds }).notNull(),
    /**
     * What made the entry: a Billow-paid annual plan or a negotiation (earned, and reversed when
     * its payment comes back), or a bill the balance was applied to (and, returned, the bill that
     * changed); 'person' for a claim the person put back. 'other' for entries older than this
     * column.
     */
    source: text({ enum: rewardSources }).notNull().default('other'),
    amountCents: bigint({ mode: 'number' }).notNull(),
    sourceKey: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reward_ledger_user_idx').on(table.userId),
    // Removing a subscription sets its entries' subscription to null: found by index, not a scan.
    index('reward_ledger_subscription_idx').on(table.subscriptionId),
    unique('reward_ledger_source_unique').on(table.userId, table.kind, table.sourceKey),
    check('reward_ledger_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
