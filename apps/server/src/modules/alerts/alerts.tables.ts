/**
 * The alerts' own rows: each overdraft alert sent (once per shortfall) and the status changes of
 * subscriptions (the timeline of a subscription's detail, and the failed payments reminders tell
 * of).
 */
import {
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';

/** An overdraft alert: once per shortfall (the account and the paycheck it falls short before). */
export const overdraftAlerts = pgTable(
  'overdraft_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    shortfallKey: text().notNull(),
    shortfallCents: integer().notNull(),
    bills: jsonb()
      .$type<{ merchantName: string; amountCents: number; dueDate: string }[]>()
      .notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('overdraft_alerts_once_idx').on(table.userId, table.shortfallKey)],
);

/** A subscription's status changes (docs/reminders.md, "Status changes"), for its timeline. */
export const subscriptionStatusEvents = pgTable(
  'subscription_status_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid().notNull().references(subscriptionKey, { onDelete: 'cascade' }),
    newStatus: text().notNull(),
    previousStatus: text().notNull(),
    reason: text(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_status_events_once_idx').on(
      table.subscriptionId,
      table.newStatus,
      table.previousStatus,
      table.effectiveDate,
    ),
  ],
);
