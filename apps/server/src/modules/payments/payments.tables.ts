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
import { bankAccountKey } from '../banking/banking.keys';
import { giftCardKey } from '../gift-cards/gift-cards.keys';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';

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
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      // Never deleted with its bill: only deleting the account removes it.
      .references(subscriptionKey, { onDelete: 'no action' }),
    accountId: uuid().references(bankAccountKey, { onDelete: 'set null' }),
    giftCardId: uuid().references(giftCardKey, { onDelete: 'set null' }),
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
    /**
     * When the provider expects the debit to settle: the card's full number is released then
     * (docs/payments.md), unless the fronting policy releases it earlier.
     */
    expectedSettlementAt: timestamp({ withTimezone: true }),
    /** When the provider said the debit settled: the money is Billow's. */
    settledAt: timestamp({ withTimezone: true }),
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
    // One authorization in flight per paying account: two payments from one account are decided
    // one after the other, so the second sees the first's hold on the balance (docs/payments.md).
    uniqueIndex('payments_one_authorizing_per_account')
      .on(table.accountId)
      .where(sql`${table.status} = 'authorizing'`),
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

/**
 * What a person owes Billow: a debit the bank returned after the card's number was shown (the
 * card was fronted, and cannot be taken back). While one is open, Billow pays for nothing else
 * for that person. Settled by the operator once the money is in (docs/payments.md).
 */
export const paymentReceivables = pgTable(
  'payment_receivables',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(userKey, { onDelete: 'cascade' }),
    paymentId: uuid()
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** Why it is owed, in words, with the bank's return code. */
    reason: text().notNull(),
    returnCode: text(),
    /** The day the debit was made, and the day the bank sent it back. */
    paidAt: timestamp({ withTimezone: true }).notNull(),
    returnedAt: timestamp({ withTimezone: true }).notNull(),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_receivables_user_idx').on(table.userId),
    check('payment_receivables_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
