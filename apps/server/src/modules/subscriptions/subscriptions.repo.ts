/**
 * The subscriptions module's queries, as one repo: the bills list's reads (bill-list.repo.ts),
 * detection's rows and a person's own adds (detection.repo.ts), charges (charges.repo.ts) and
 * changes made outside detection (bill-changes.repo.ts).
 */
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createBillChanges } from './bill-changes.repo';
import { createBillListReads } from './bill-list.repo';
import { createChargeReads } from './charges.repo';
import { createDetectionRows } from './detection.repo';

export type { SubscriptionRow, SubscriptionValues } from './subscription-rows';
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;

export function createSubscriptionsRepo(db: Db, changes: ChangeFeed) {
  return {
    ...createBillListReads(db, changes),
    ...createDetectionRows(db),
    ...createChargeReads(db),
    ...createBillChanges(db),
  };
}
