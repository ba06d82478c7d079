/**
 * What every subscriptions query shares: the row shapes, and what they read of the rows other
 * modules own (the bank's transactions and accounts, the person's zone), through those owners.
 */
import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { PublishedBanking } from '../banking/banking.published';
import { subscriptions } from './subscriptions.tables';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<
  typeof subscriptions.$inferInsert,
  'id' | 'userId' | 'createdAt'
>;

/**
 * The owners whose rows the bills' reads join (docs/architecture.md, "Server"): banking's
 * subqueries (banking.joinable.ts) keep a hot read one statement while banking alone writes SQL
 * about its tables. Read when first used: both modules are built after this one.
 */
export type BillOwners = {
  banking: () => Pick<PublishedBanking, 'joinable' | 'transactionsOf' | 'lockTransaction'>;
  users: () => { cachedTimeZoneOf: (userId: string) => Promise<string> };
};

/** The person's bills as they see them: theirs, less the ones they marked as not a bill. */
export const visibleBillsOf = (userId: string | SQLWrapper) =>
  and(eq(subscriptions.userId, userId), eq(subscriptions.userMarkedNotSubscription, false));

/** These people's bills as each sees them (a page of people read in one statement). */
export const visibleBillsOfPeople = (userIds: string[]) =>
  and(inArray(subscriptions.userId, userIds), eq(subscriptions.userMarkedNotSubscription, false));

/** Built on first use, then kept: a statement prepared from what an owner publishes. */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
