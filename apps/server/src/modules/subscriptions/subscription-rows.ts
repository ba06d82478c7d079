/**
 * What every subscriptions query shares: the row shapes, and the one date rule for a payment.
 */
import { sql } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- still to move behind its owner (issue 40 §1): detection and the bills list read bank rows and the zone
import { bankTransactions } from '../banking/banking.tables';
import type { subscriptions } from './subscriptions.tables';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<
  typeof subscriptions.$inferInsert,
  'id' | 'userId' | 'createdAt'
>;

/**
 * One date rule for a payment everywhere a person reads it (issue 18): the day the merchant
 * charged (the authorised date), else the day the bank posted it. Detection reads the same.
 */
export const chargedOn = sql<string>`coalesce(${bankTransactions.authorizedDate}, ${bankTransactions.date})`;
