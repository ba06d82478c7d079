/**
 * What every subscriptions query shares: the row shapes, and what they read of the rows other
 * modules own (the bank's transactions and accounts, the person's zone), through those owners.
 */
import type { PublishedBanking } from '../banking/banking.published';
import type { subscriptions } from './subscriptions.tables';

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

/** Built on first use, then kept: a statement prepared from what an owner publishes. */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
