/**
 * Changes to a subscription made outside detection: the person says it is not one, a verified
 * cancellation, a reward applied to a bill or taken back, a negotiated price.
 */
import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents, type Cadence } from '@billow/contracts';
import { monthlyAmount } from '@billow/recurring';
import type { Db } from '../../db/database';
import { subscriptions } from './subscriptions.tables';

export function createBillChanges(db: Db) {
  return {
    /** Whether the person had that subscription (one statement: it is found and marked at once). */
    async markNotSubscription(userId: string, id: string): Promise<boolean> {
      const marked = await db
        .update(subscriptions)
        .set({ userMarkedNotSubscription: true, updatedAt: new Date() })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
        .returning({ id: subscriptions.id });
      return marked.length > 0;
    },
    /**
     * A cancellation the bank verified: the subscription is CANCELLED from that day,
     * and stays so through detection until the bank shows a charge after its last one.
     */
    async markCancelled(userId: string, subscriptionId: string, cancelledOn: string) {
      await db
        .update(subscriptions)
        .set({
          status: 'CANCELLED',
          cancelDate: cancelledOn,
          renewalDate: null,
          cancelledAfter: sql`${subscriptions.lastChargeDate}`,
          updatedAt: new Date(),
        })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
    },
    /** Records rewards applied toward one bill of a subscription (the bill due on billDate). */
    async creditReward(subscriptionId: string, billDate: string, cents: number, tx: Db = db) {
      await tx
        .update(subscriptions)
        .set({ rewardCreditCents: cents, rewardCreditBillDate: billDate, updatedAt: new Date() })
        .where(eq(subscriptions.id, subscriptionId));
    },
    /** Takes a returned reward off the bill it covered (and only that bill). */
    async clearRewardCredit(subscriptionId: string, billDate: string, tx: Db = db) {
      await tx
        .update(subscriptions)
        .set({ rewardCreditCents: 0, updatedAt: new Date() })
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            eq(subscriptions.rewardCreditBillDate, billDate),
          ),
        );
    },
    /** Lowers a subscription's price going forward: its amount, and its monthly amount with it. */
    async applyNegotiatedPrice(subscriptionId: string, amountCents: number, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId));
      if (!row) return;
      await tx
        .update(subscriptions)
        .set({
          previousAmountCents: row.amountCents,
          amountCents,
          normalizedMonthlyCents: dollarsToCents(
            monthlyAmount(centsToDollars(amountCents), row.cadence as Cadence),
          ),
          isPriceIncrease: false,
          priceChangedOn: null,
          negotiatedAfter: row.lastChargeDate,
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, subscriptionId));
    },
  };
}
