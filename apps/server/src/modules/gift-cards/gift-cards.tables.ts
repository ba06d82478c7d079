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
  uuid,
} from 'drizzle-orm/pg-core';
import { subscriptionKey } from '../subscriptions/subscriptions.keys';
import { userKey } from '../users/users.keys';

/**
 * Gift-card stock and the cards handed out (docs/payments.md). A card number is kept
 * only as one AES-256-GCM ciphertext, plus its last four for the masked form; its SHA-256 (keyed)
 * keeps the same card from being loaded twice. A card is available, reserved by a payment while
 * the debit goes through, assigned to the person once it is funded, or void (returned debit).
 * When the person deletes their account, a card still reserved goes back in stock and an assigned
 * card stays assigned (spent, never issued twice), no longer linked to anyone.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: integer().notNull(),
    cardNumberEncrypted: text().notNull(),
    cardNumberLastFour: text().notNull(),
    /** HMAC-SHA-256 of the number: finds a duplicate without decrypting the stock. */
    cardNumberDigest: text().notNull().unique(),
    valueCents: bigint({ mode: 'number' }).notNull(),
    expiryDate: date({ mode: 'string' }),
    status: text({ enum: ['available', 'reserved', 'assigned', 'void'] })
      .notNull()
      .default('available'),
    userId: uuid().references(userKey, { onDelete: 'set null' }),
    subscriptionId: uuid().references(subscriptionKey, { onDelete: 'set null' }),
    assignedAt: timestamp({ withTimezone: true }),
    /** Set the first time the owner asked for the full number (a revealed card cannot be voided). */
    revealedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_cards_stock_idx').on(table.merchantId, table.status),
    index('gift_cards_user_idx').on(table.userId),
    index('gift_cards_subscription_idx').on(table.subscriptionId),
    check('gift_cards_value_positive', sql`${table.valueCents} > 0`),
  ],
);
