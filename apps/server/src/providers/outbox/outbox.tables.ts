import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Where sandbox texts and emails land instead of being sent. Kept in the database so an API
 * process and a worker process see the same outbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text({ enum: ['sms', 'email', 'push'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient, table.sentAt)],
);
