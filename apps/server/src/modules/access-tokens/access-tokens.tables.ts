import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/**
 * Personal access tokens. A token is looked up by the SHA-256 hash of its secret (a random
 * 256-bit secret needs no slow hash); the secret itself is never stored. Revoking deletes the row.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** What it may do: 'read' always, and 'write', 'payments', 'sensitive' when asked for. */
    scopes: text({ enum: ['read', 'write', 'payments', 'sensitive'] })
      .array()
      .notNull()
      .default(['read']),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('personal_access_tokens_user_idx').on(table.userId)],
);
