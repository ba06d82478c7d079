import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/**
 * A person's private calendar feed. The URL's secret is looked up by its SHA-256 hash (a random
 * 256-bit secret needs no slow hash), and kept encrypted so "Copy calendar link" can show the same
 * URL again. One row per person: resetting replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid().primaryKey().references(userKey, { onDelete: 'cascade' }),
  secretHash: text().notNull().unique(),
  secretEncrypted: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
