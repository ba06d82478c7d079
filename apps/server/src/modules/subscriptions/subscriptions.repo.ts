/**
 * The subscriptions module's queries, as one repo: the bills list's reads (bill-list.repo.ts),
 * detection's rows and a person's own adds (detection.repo.ts), charges (charges.repo.ts) and
 * changes made outside detection (bill-changes.repo.ts). What they read of banking's rows and the
 * person's zone they read through those owners (subscription-rows.ts).
 */
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createBillChanges } from './bill-changes.repo';
import { createBillListReads } from './bill-list.repo';
import { createChargeReads } from './charges.repo';
import { createDetectionRows } from './detection.repo';
import type { BillOwners } from './subscription-rows';

export type { BillOwners, SubscriptionRow, SubscriptionValues } from './subscription-rows';
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;

export function createSubscriptionsRepo(db: Db, changes: ChangeFeed, owners: BillOwners) {
  return {
    ...createBillListReads(db, changes, owners),
    ...createDetectionRows(db, owners),
    ...createChargeReads(db, owners),
    ...createBillChanges(db),
  };
}
