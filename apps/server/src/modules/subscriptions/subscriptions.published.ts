/**
 * What other modules may read and change of the subscriptions table, beyond the bills list: each
 * read scoped to a person or a bill, and each change made in the caller's transaction (`tx`), so
 * it commits or rolls back with the change that caused it (a payment, an export, an alert).
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { SubscriptionRow } from './subscriptions.repo';
import { visibleBillsOf } from './subscription-rows';
import { subscriptions } from './subscriptions.tables';

export type PublishedSubscriptions = ReturnType<typeof createPublishedSubscriptions>;

export function createPublishedSubscriptions(db: Db) {
  return {
    /**
     * What another module may join of the bills into a statement of its own (as banking's
     * subqueries, banking.joinable.ts): each bill's owner and merchant, so a read that names the
     * bills it lists (the rewards history) stays one statement.
     */
    joinable: {
      merchants: db
        .select({
          id: subscriptions.id,
          userId: subscriptions.userId,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
        })
        .from(subscriptions)
        .as('bill_merchant'),
      /**
       * The bills detection holds now, not those the person said are not subscriptions (the
       * columns an offer shows), so a read of offers drops a hidden bill's in the same statement.
       */
      visible: db
        .select({
          id: subscriptions.id,
          userId: subscriptions.userId,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          cadence: subscriptions.cadence,
          status: subscriptions.status,
          normalizedMonthlyCents: subscriptions.normalizedMonthlyCents,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userMarkedNotSubscription, false))
        .as('visible_bill'),
    },
    /** The person's subscriptions detection holds now (not the ones they said are not). */
    visibleOf: (userId: string): Promise<SubscriptionRow[]> =>
      db.select().from(subscriptions).where(visibleBillsOf(userId)),
    async byId(subscriptionId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId));
      return row;
    },
    /** Holds the subscription's row until the transaction ends: one payment decision at a time. */
    async lockBill(subscriptionId: string, tx: Db): Promise<SubscriptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId))
        .for('update');
      return row;
    },
    /** Billow pays the bill (an annual plan until the renewal date), or no longer does. */
    async markBillowManaged(
      subscriptionId: string,
      plan: { isBillowManaged: boolean; renewalDate: string | null },
      tx: Db,
    ) {
      await tx
        .update(subscriptions)
        .set({ ...plan, updatedAt: new Date() })
        .where(eq(subscriptions.id, subscriptionId));
    },
    /** The person's subscriptions as stored, for their export (named columns only). */
    async exportRows(userId: string) {
      const rows = await db
        .select({
          id: subscriptions.id,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          category: subscriptions.category,
          cadence: subscriptions.cadence,
          status: subscriptions.status,
          amountCents: subscriptions.amountCents,
          previousAmountCents: subscriptions.previousAmountCents,
          normalizedMonthlyCents: subscriptions.normalizedMonthlyCents,
          currency: subscriptions.currency,
          firstChargeDate: subscriptions.firstChargeDate,
          lastChargeDate: subscriptions.lastChargeDate,
          renewalDate: subscriptions.renewalDate,
          cancelDate: subscriptions.cancelDate,
          paymentAccountId: subscriptions.paymentAccountId,
          isBillowManaged: subscriptions.isBillowManaged,
          userMarkedNotSubscription: subscriptions.userMarkedNotSubscription,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.merchantName), asc(subscriptions.id));
      return { subscriptions: rows };
    },
    /** Every bill's merchant, price per charge and cadence (the ledgers' bounds on savings). */
    billFigures() {
      return db
        .select({
          id: subscriptions.id,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          amountCents: subscriptions.amountCents,
          cadence: subscriptions.cadence,
        })
        .from(subscriptions);
    },
    /** The status facts of the person's subscriptions (not those they said are not one). */
    statusFactsOf: (userId: string, tx: Db = db) =>
      tx
        .select({
          id: subscriptions.id,
          status: subscriptions.status,
          firstChargeDate: subscriptions.firstChargeDate,
          lastChargeDate: subscriptions.lastChargeDate,
          cancelDate: subscriptions.cancelDate,
        })
        .from(subscriptions)
        .where(visibleBillsOf(userId)),
    /** The person's active bills due from `from` up to (not on) `until`, soonest first. */
    dueBetween: (userId: string, from: string, until: string) =>
      db
        .select({
          merchantName: subscriptions.merchantName,
          amountCents: subscriptions.amountCents,
          dueDate: subscriptions.renewalDate,
          paymentAccountId: subscriptions.paymentAccountId,
        })
        .from(subscriptions)
        .where(
          and(
            visibleBillsOf(userId),
            eq(subscriptions.status, 'ACTIVE'),
            gte(subscriptions.renewalDate, from),
            lt(subscriptions.renewalDate, until),
          ),
        )
        .orderBy(asc(subscriptions.renewalDate)),
    /** What the reminders tell of the person's subscriptions (not those they said are not). */
    reminderFactsOf: (userId: string, tx: Db = db) =>
      tx
        .select({
          id: subscriptions.id,
          merchantName: subscriptions.merchantName,
          status: subscriptions.status,
          amountCents: subscriptions.amountCents,
          previousAmountCents: subscriptions.previousAmountCents,
          renewalDate: subscriptions.renewalDate,
          lastChargeDate: subscriptions.lastChargeDate,
          isPriceIncrease: subscriptions.isPriceIncrease,
          priceChangedOn: subscriptions.priceChangedOn,
          isBillowManaged: subscriptions.isBillowManaged,
        })
        .from(subscriptions)
        .where(visibleBillsOf(userId)),
    /** The merchant of each of the person's subscriptions (the rewards history names them). */
    merchantsOf: (userId: string) =>
      db
        .select({
          id: subscriptions.id,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId)),
  };
}
