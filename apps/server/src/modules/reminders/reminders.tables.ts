import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userKey } from '../users/users.keys';

export type ReminderChannel = 'sms' | 'email' | 'push';

/** A digest's words on every channel (each channel sends its own). */
export type DigestMessage = {
  sms: string;
  subject: string;
  email: string;
  title: string;
  push: string;
  badge: number;
  /** Where a push opens; the dashboard when absent. */
  url?: string;
};

/**
 * How and when a person wants reminders (a person without a row has the defaults). Their time
 * zone is the profile's (users.time_zone), the one zone every part of Billow reads.
 */
export const reminderPreferences = pgTable('reminder_preferences', {
  userId: uuid().primaryKey().references(userKey, { onDelete: 'cascade' }),
  /** Days before a bill or a trial's end to remind (default 3 and 1). */
  offsetsDays: jsonb()
    .$type<number[]>()
    .notNull()
    .default(sql`'[3,1]'::jsonb`),
  /** Local hours (0–23) when nothing is sent: from start up to (not including) end. */
  quietHoursStart: integer().notNull().default(21),
  quietHoursEnd: integer().notNull().default(8),
  isEmailEnabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message a day per person and channel gathering every reminder due that day. `status`
 * goes pending → sending → sent; a send job only sends the digest it took (moved out of pending,
 * or out of a `sending` gone stale because the process sending it died), so a job run twice
 * sends once, and a send cut short by a crash is sent again.
 */
export const reminderDigests = pgTable(
  'reminder_digests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    channel: text().$type<ReminderChannel>().notNull(),
    /**
     * Reminders gather into one a day; an overdraft alert is one of its own, and so is a charge
     * after a cancellation (keyed by the cancellation and the charge's day).
     */
    kind: text({ enum: ['reminders', 'overdraft', 'charged_after_cancel'] })
      .notNull()
      .default('reminders'),
    localDate: date({ mode: 'string' }).notNull(),
    /** What an alert is about, when several of a kind may fall on one day ('' otherwise). */
    subjectKey: text().notNull().default(''),
    status: text({ enum: ['pending', 'sending', 'sent'] })
      .notNull()
      .default('pending'),
    /** When a send job took it: a `sending` this old was abandoned (see reminders.service.ts). */
    sendingAt: timestamp({ withTimezone: true }),
    /** What it says, kept so a send abandoned by a crash can be queued again as it was. */
    message: jsonb().$type<DigestMessage>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reminder_digests_day_idx').on(
      table.userId,
      table.kind,
      table.channel,
      table.localDate,
      table.subjectKey,
    ),
  ],
);

/** One reminder of one event at one offset on one channel: never twice (the unique key). */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    digestId: uuid()
      .notNull()
      .references(() => reminderDigests.id, { onDelete: 'cascade' }),
    /** The event: its type, its subscription and the date or figure that makes it new. */
    eventKey: text().notNull(),
    type: text().notNull(),
    offsetDays: integer().notNull(),
    channel: text().$type<ReminderChannel>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reminder_deliveries_once_idx').on(
      table.userId,
      table.eventKey,
      table.offsetDays,
      table.channel,
    ),
    index('reminder_deliveries_digest_idx').on(table.digestId),
  ],
);

/** A browser's web-push subscription (endpoint and its keys, encrypted at rest). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    /** SHA-256 of the endpoint: one row per browser, findable without decrypting. */
    endpointHash: text().notNull().unique(),
    subscriptionEncrypted: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);
