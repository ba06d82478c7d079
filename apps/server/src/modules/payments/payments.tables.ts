import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bankAccounts } from '../banking/banking.tables';
import { giftCards } from '../gift-cards/gift-cards.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';

export const livePaymentStatuses = ['authorizing', 'authorized', 'debited', 'funded'] as const;
export type PaymentStatus =
  (typeof livePaymentStatuses)[number] | 'declined' | 'returned' | 'renewed';

/**
 * One annual plan Billow pays for: a debit from the person's account, the gift card it buys, and
 * the plan year it covers. At most one live payment per subscription (a partial unique index),
 * and one idempotency key per attempt, which is the key the provider sees: whatever runs twice,
 * there is one debit per subscription and plan year.
 *
 * authorizing → authorized → debited → funded → renewed, or declined (no money moved), or
 * returned (the bank sent the debit back; the card is voided when it was not revealed).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      // Never deleted with its bill: only deleting the account removes it (issue 35).
      .references(() => subscriptions.id, { onDelete: 'no action' }),
    accountId: uuid().references(() => bankAccounts.id, { onDelete: 'set null' }),
    giftCardId: uuid().references(() => giftCards.id, { onDelete: 'set null' }),
    merchantId: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    status: text().$type<PaymentStatus>().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** 12 × the monthly price − the plan's price, at the time of paying. */
    savingsCents: bigint({ mode: 'number' }).notNull(),
    authorizationId: text(),
    providerTransferId: text().unique(),
    declineReason: text(),
    returnCode: text(),
    /** The monthly bill's next date before the plan, restored when the debit comes back. */
    previousRenewalDate: date({ mode: 'string' }),
    /** The day the plan year ends and the monthly bill resumes. */
    renewalDate: date({ mode: 'string' }),
    fundedAt: timestamp({ withTimezone: true }),
    returnedAt: timestamp({ withTimezone: true }),
    renewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_one_live_per_subscription')
      .on(table.subscriptionId)
      .where(sql`${table.status} in ('authorizing', 'authorized', 'debited', 'funded')`),
    index('payments_user_idx').on(table.userId),
    index('payments_subscription_idx').on(table.subscriptionId),
    index('payments_account_idx').on(table.accountId),
    index('payments_gift_card_idx').on(table.giftCardId),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** Where the next read of the provider's transfer events starts (one row). */
export const paymentEventCursor = pgTable('payment_event_cursor', {
  id: text().primaryKey(),
  afterId: bigint({ mode: 'number' }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
