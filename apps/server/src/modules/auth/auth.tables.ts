import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/**
 * Rotating refresh tokens, stored hashed. Each sign-in starts a family; each refresh replaces
 * the token with a new one in the same family. Presenting a replaced token means it leaked, so
 * the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    replacedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);
