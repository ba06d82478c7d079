import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What became of each text Twilio took (docs/texts.md): its latest status and error code, by
 * Twilio's message id. No number and no text: only enough to see that texts are not arriving.
 */
export const smsDeliveries = pgTable('sms_deliveries', {
  messageSid: text().primaryKey(),
  status: text().notNull(),
  errorCode: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
