import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CancellationStatus, CancellationWay } from '@billow/contracts';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';
import { callColumns } from '../../calls/call-table';

/**
 * A person's request to cancel one subscription (docs/cancellations.md). At most one is open per
 * subscription (the partial unique index): asking again answers the open one. The answers given
 * for a call are stored only as one AES-256-GCM ciphertext of their JSON.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    // Kept with its bill's history: only deleting the account removes it.
    subscriptionId: uuid().notNull().references(subscriptionKey, { onDelete: 'no action' }),
    merchantName: text().notNull(),
    merchantId: integer(),
    way: text().$type<CancellationWay>().notNull(),
    status: text().$type<CancellationStatus>().notNull(),
    allowRetentionOffer: boolean().notNull().default(false),
    answersEncrypted: text(),
    /** The bill when asked: a year of it is what a verified cancellation saves. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    yearlyCents: bigint({ mode: 'number' }).notNull(),
    confirmationNumber: text(),
    failureReason: text(),
    nextStep: text(),
    /** The bill's last charge when it was confirmed: a charge after it is one too many. */
    chargedThrough: date({ mode: 'string' }),
    /** The next expected charge date plus the grace: no charge by then verifies it. */
    watchUntil: date({ mode: 'string' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cancellations_user_idx').on(table.userId),
    uniqueIndex('cancellations_open_idx')
      .on(table.subscriptionId)
      .where(sql`${table.status} in ('REQUESTED', 'IN_PROGRESS', 'CONFIRMED')`),
  ],
);

/** One call attempt of a cancellation: its stage while it runs, then its record and outcome. */
export const cancellationCalls = pgTable(
  'cancellation_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    cancellationId: uuid()
      .notNull()
      .references(() => cancellations.id, { onDelete: 'cascade' }),
    ...callColumns(),
  },
  (table) => [unique('cancellation_calls_attempt_unique').on(table.cancellationId, table.attempt)],
);

/** Every status change of a cancellation: the activity history. */
export const cancellationEvents = pgTable(
  'cancellation_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    cancellationId: uuid()
      .notNull()
      .references(() => cancellations.id, { onDelete: 'cascade' }),
    newStatus: text().$type<CancellationStatus>().notNull(),
    previousStatus: text().$type<CancellationStatus>(),
    reason: text(),
    effectiveDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cancellation_events_cancellation_idx').on(table.cancellationId)],
);

/** A charge the bank showed after a confirmed cancellation: alerted once each. */
export const cancellationCharges = pgTable(
  'cancellation_charges',
  {
    cancellationId: uuid()
      .notNull()
      .references(() => cancellations.id, { onDelete: 'cascade' }),
    chargeDate: date({ mode: 'string' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cancellation_charges_unique').on(
      table.cancellationId,
      table.chargeDate,
      table.amountCents,
    ),
  ],
);
