/**
 * What the reconciliation reads (read-only: the savings, rewards, negotiation and payments
 * modules own these tables) and its own record of each run.
 */
import { desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { negotiations } from '../negotiations/negotiations.tables';
import { payments } from '../payments/payments.tables';
import { rewardLedger } from '../rewards/rewards.tables';
import { savingsLedger } from '../savings/savings.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { ledgerChecks } from './ledgers.tables';

export type LedgersRepo = ReturnType<typeof createLedgersRepo>;

export function createLedgersRepo(db: Db) {
  return {
    savings() {
      return db
        .select({
          userId: savingsLedger.userId,
          kind: savingsLedger.kind,
          status: savingsLedger.status,
          amountCents: savingsLedger.amountCents,
          sourceKey: savingsLedger.sourceKey,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          billAmountCents: subscriptions.amountCents,
          billCadence: subscriptions.cadence,
        })
        .from(savingsLedger)
        .leftJoin(subscriptions, eq(subscriptions.id, savingsLedger.subscriptionId));
    },
    rewards() {
      return db
        .select({
          userId: rewardLedger.userId,
          kind: rewardLedger.kind,
          source: rewardLedger.source,
          amountCents: rewardLedger.amountCents,
          sourceKey: rewardLedger.sourceKey,
        })
        .from(rewardLedger);
    },
    /** Each negotiation's bill as it stood before the deal: its price per charge and cadence. */
    negotiatedBills() {
      return db
        .select({
          id: negotiations.id,
          currentPriceCents: negotiations.currentPriceCents,
          cadence: subscriptions.cadence,
        })
        .from(negotiations)
        .innerJoin(subscriptions, eq(subscriptions.id, negotiations.subscriptionId))
        .where(isNotNull(negotiations.successfulSavingsCents));
    },
    /** Each annual-plan payment's state (what its reward was earned on). */
    annualPayments() {
      return db.select({ id: payments.id, status: payments.status }).from(payments);
    },
    async record(values: typeof ledgerChecks.$inferInsert) {
      await db.insert(ledgerChecks).values(values);
    },
    async latest() {
      const [row] = await db
        .select()
        .from(ledgerChecks)
        .orderBy(desc(ledgerChecks.checkedAt))
        .limit(1);
      return row;
    },
  };
}
