import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/** First-party product events: a name, an anonymous id, and properties free of personal data. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    anonymousId: uuid().notNull(),
    userId: uuid().references(userKey, { onDelete: 'cascade' }),
    path: text(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_name_idx').on(table.name, table.occurredAt),
    index('analytics_events_user_idx').on(table.userId),
  ],
);
