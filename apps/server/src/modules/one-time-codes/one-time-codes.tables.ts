import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every one-time code Billow sends — texted sign-in codes, emailed verification codes and texted
 * codes confirming an account deletion — as a
 * keyed hash, never the code. Only the newest code of a (purpose, subject) counts.
 *
 * `subject` is whose code it is (the phone for sign-in, the user id for an email); `destination`
 * is where it went (the phone, the email address), so a code stops counting when the address
 * changes. `requester` is a keyed hash of the client address that asked, for per-requester
 * limits; the address itself is not kept.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text({ enum: ['sign-in', 'email', 'delete-account'] }).notNull(),
    subject: text().notNull(),
    destination: text().notNull(),
    requester: text(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_codes_subject_idx').on(table.purpose, table.subject, table.createdAt),
    index('one_time_codes_requester_idx').on(table.purpose, table.requester, table.createdAt),
    index('one_time_codes_created_idx').on(table.purpose, table.createdAt),
  ],
);

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];
