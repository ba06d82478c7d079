import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/**
 * The files a person had read in the last hour, by size: the import quota (docs/imports.md)
 * counts them in the database, so two API processes share one budget.
 */
export const importReads = pgTable(
  'import_reads',
  {
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    chars: bigint({ mode: 'number' }).notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('import_reads_user_idx').on(table.userId, table.readAt)],
);
