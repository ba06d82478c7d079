/**
 * The alerts' queries: the status events of subscriptions and the overdraft alerts sent. The
 * alerts module is the only reader and writer of these tables; reminders read the failed
 * payments through `failedPaymentsSince`, handed over by the composition.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { overdraftAlerts, subscriptionStatusEvents } from './alerts.tables';

export type AlertsRepo = ReturnType<typeof createAlertsRepo>;

type StatusChange = {
  subscriptionId: string;
  newStatus: string;
  previousStatus: string;
  reason?: string | undefined;
  effectiveDate: string;
};

export function createAlertsRepo(db: Db) {
  return {
    /** Records a status change; the same change recorded twice is kept once. */
    async recordStatusChange(change: StatusChange) {
      await db
        .insert(subscriptionStatusEvents)
        .values({ ...change, reason: change.reason ?? null })
        .onConflictDoNothing();
    },

    /** The status events of these subscriptions, newest first. */
    async statusEventsOf(subscriptionIds: string[], tx: Db = db) {
      if (subscriptionIds.length === 0) return [];
      return tx
        .select({
          subscriptionId: subscriptionStatusEvents.subscriptionId,
          newStatus: subscriptionStatusEvents.newStatus,
          previousStatus: subscriptionStatusEvents.previousStatus,
          reason: subscriptionStatusEvents.reason,
          effectiveDate: subscriptionStatusEvents.effectiveDate,
        })
        .from(subscriptionStatusEvents)
        .where(inArray(subscriptionStatusEvents.subscriptionId, subscriptionIds))
        .orderBy(
          desc(subscriptionStatusEvents.effectiveDate),
          desc(subscriptionStatusEvents.createdAt),
        );
    },

    /** The day of each subscription's latest failed payment on or after `since`. */
    async failedPaymentsSince(subscriptionIds: string[], since: string, tx: Db = db) {
      if (subscriptionIds.length === 0) return [];
      return tx
        .select({
          subscriptionId: subscriptionStatusEvents.subscriptionId,
          date: sql<string>`max(${subscriptionStatusEvents.effectiveDate})::text`,
        })
        .from(subscriptionStatusEvents)
        .where(
          and(
            inArray(subscriptionStatusEvents.subscriptionId, subscriptionIds),
            eq(subscriptionStatusEvents.newStatus, 'FAILED_PAYMENT'),
            gte(subscriptionStatusEvents.effectiveDate, since),
          ),
        )
        .groupBy(subscriptionStatusEvents.subscriptionId);
    },

    /** Records an overdraft alert once per shortfall key: false when it was recorded already. */
    async recordOverdraftAlert(
      tx: Db,
      alert: {
        userId: string;
        shortfallKey: string;
        shortfallCents: number;
        bills: { merchantName: string; amountCents: number; dueDate: string }[];
      },
    ) {
      const [row] = await tx
        .insert(overdraftAlerts)
        .values(alert)
        .onConflictDoNothing()
        .returning({ id: overdraftAlerts.id });
      return row !== undefined;
    },
  };
}
