import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NegotiationStatus, RequiredUserInfoField, SavingsType } from '@billow/contracts';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';
import { callColumns } from '../../calls/call-table';

/**
 * One negotiation offer per subscription (docs/negotiations.md, "On the screen"). The answers a
 * person gives are stored only as one AES-256-GCM ciphertext of their JSON.
 */
export const negotiations = pgTable(
  'negotiations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      .unique()
      // Never deleted with its bill: only deleting the account removes it.
      .references(subscriptionKey, { onDelete: 'no action' }),
    merchantId: integer().notNull(),
    status: text().$type<NegotiationStatus>().notNull(),
    currentPriceCents: bigint({ mode: 'number' }).notNull(),
    targetPriceCents: bigint({ mode: 'number' }).notNull(),
    /** The fields still asked for, each with its prompt (null when nothing is asked). */
    requiredUserInfo: jsonb().$type<Partial<Record<RequiredUserInfoField, string>>>(),
    answersEncrypted: text(),
    startDate: timestamp({ withTimezone: true }),
    estimatedCompletion: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    successfulSavingsCents: bigint({ mode: 'number' }),
    /**
     * The bill's new price per charge, in its own cadence, once a negotiation lowered it (null
     * for free months and until then): the one price every screen shows (docs/figures.md).
     */
    negotiatedPriceCents: bigint({ mode: 'number' }),
    savingsType: text().$type<SavingsType>(),
    negotiatedDealExpiry: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('negotiations_user_idx').on(table.userId)],
);

/** One call attempt of a negotiation: its stage while it runs, then its record and outcome. */
export const negotiationCalls = pgTable(
  'negotiation_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    negotiationId: uuid()
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    ...callColumns(),
  },
  (table) => [
    unique('negotiation_calls_attempt_unique').on(table.negotiationId, table.attempt),
    // Vendor webhooks find their call by the vendor's id.
    uniqueIndex('negotiation_calls_provider_call_idx').on(table.providerCallId),
  ],
);

/** Every status change of a negotiation (docs/reminders.md, "Status changes"). */
export const negotiationEvents = pgTable(
  'negotiation_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    negotiationId: uuid()
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    newStatus: text().$type<NegotiationStatus>().notNull(),
    previousStatus: text().$type<NegotiationStatus>(),
    reason: text(),
    effectiveDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('negotiation_events_negotiation_idx').on(table.negotiationId)],
);
