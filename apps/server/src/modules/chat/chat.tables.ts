import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

/**
 * When each of a person's chat messages of the last minute came, to hold their pace across API
 * processes (never what they said: the chat keeps no messages).
 */
export const chatMessageTimes = pgTable(
  'chat_message_times',
  {
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('chat_message_times_user_idx').on(table.userId, table.sentAt)],
);
