/**
 * A subscription's charges as the bank shows them: for the insights, a promised saving's proof,
 * a cancelled merchant's later charges, the annual-plan price, and the alerts' failed payments.
 */
import { and, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { centsToDollars, type Cadence } from '@billow/contracts';
import { DEFAULT_CATALOGUE, monthlyAmount, normalizeMerchant } from '@billow/recurring';
import type { Db } from '../../db/database';
// eslint-disable-next-line no-restricted-imports -- still to move behind its owner (issue 40 §1): detection and the bills list read bank rows and the zone
import { bankItems, bankTransactions } from '../banking/banking.tables';
import { chargedOn } from './subscription-rows';
import { subscriptions, subscriptionTransactions } from './subscriptions.tables';

export function createChargeReads(db: Db) {
  // Each active bill with its latest posted charge at a linked bank (the rule bankMonthlyOf
  // follows): one pass over the person's charges for all their bills, not a lookup per bill,
  // which the planner ran as a scan of the charges per bill (issue 42). A bill's rows that are
  // not such a charge (pending, a refund, an imported file) sort after the ones that are.
  const isBankCharge = sql<boolean>`${bankItems.id} is not null`;
  const activeWithLatestCharge = db
    .selectDistinctOn([subscriptions.id], {
      id: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      merchantName: subscriptions.merchantName,
      merchantWebsite: subscriptions.merchantWebsite,
      cadence: subscriptions.cadence,
      latestCents: sql<
        string | number | null
      >`case when ${isBankCharge} then ${bankTransactions.amountCents} end`,
    })
    .from(subscriptions)
    .leftJoin(
      subscriptionTransactions,
      eq(subscriptionTransactions.subscriptionId, subscriptions.id),
    )
    .leftJoin(
      bankTransactions,
      and(
        eq(bankTransactions.id, subscriptionTransactions.transactionId),
        eq(bankTransactions.pending, false),
        gt(bankTransactions.amountCents, 0),
      ),
    )
    .leftJoin(
      bankItems,
      and(eq(bankItems.id, bankTransactions.itemId), sql`${bankItems.importSource} is null`),
    )
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder('userId')),
        eq(subscriptions.userMarkedNotSubscription, false),
        eq(subscriptions.status, 'ACTIVE'),
      ),
    )
    .orderBy(subscriptions.id, desc(isBankCharge), desc(chargedOn))
    .prepare('subscriptions_active_with_bank_monthly');
  // The charges the insights are drawn from: built and planned once, not per request (issue 42).
  const charges = db
    .select({
      subscriptionId: subscriptions.id,
      amountCents: bankTransactions.amountCents,
      date: chargedOn,
    })
    .from(subscriptions)
    .innerJoin(
      subscriptionTransactions,
      eq(subscriptionTransactions.subscriptionId, subscriptions.id),
    )
    .innerJoin(bankTransactions, eq(bankTransactions.id, subscriptionTransactions.transactionId))
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder('userId')),
        eq(subscriptions.userMarkedNotSubscription, false),
        sql`${chargedOn} >= ${sql.placeholder('from')}`,
      ),
    )
    .orderBy(chargedOn)
    .prepare('subscription_charges_of');
  return {
    /**
     * Every charge matched to the person's visible subscriptions since `from` (YYYY-MM-DD), in
     * date order: what the spending chart and the price-increase view are drawn from.
     */
    async chargesOf(userId: string, from: string) {
      return charges.execute({ userId, from });
    },
    /**
     * A subscription's charges posted at a bank the person linked (not pending, not read from a
     * file they imported) after `after` (YYYY-MM-DD): what a promised saving is verified against.
     */
    async bankChargesOf(userId: string, subscriptionId: string, after: string) {
      return db
        .select({ amountCents: bankTransactions.amountCents, date: chargedOn })
        .from(subscriptionTransactions)
        .innerJoin(
          bankTransactions,
          eq(bankTransactions.id, subscriptionTransactions.transactionId),
        )
        .innerJoin(bankItems, eq(bankItems.id, bankTransactions.itemId))
        .where(
          and(
            eq(subscriptionTransactions.subscriptionId, subscriptionId),
            eq(bankTransactions.userId, userId),
            eq(bankTransactions.pending, false),
            sql`${bankItems.importSource} is null`,
            sql`${chargedOn} > ${after}`,
          ),
        )
        .orderBy(chargedOn);
    },
    /**
     * What a cancelled subscription's merchant charged after `after` (docs/cancellations.md):
     * the posted charges detection gave this subscription, and those at the same merchant that
     * no subscription holds (a charge off the bill's rhythm is the merchant's all the same; one
     * another subscription holds is another plan's). Linked banks only, never imported files.
     */
    async merchantChargesOf(userId: string, subscriptionId: string, after: string) {
      const [bill] = await db
        .select({ merchantName: subscriptions.merchantName })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
      if (!bill) return [];
      const rows = await db
        .select({
          id: bankTransactions.id,
          amountCents: bankTransactions.amountCents,
          date: chargedOn,
          name: bankTransactions.name,
          merchantName: bankTransactions.merchantName,
          heldBy: subscriptionTransactions.subscriptionId,
        })
        .from(bankTransactions)
        .innerJoin(bankItems, eq(bankItems.id, bankTransactions.itemId))
        .leftJoin(
          subscriptionTransactions,
          eq(subscriptionTransactions.transactionId, bankTransactions.id),
        )
        .where(
          and(
            eq(bankTransactions.userId, userId),
            eq(bankTransactions.pending, false),
            gt(bankTransactions.amountCents, 0),
            sql`${bankItems.importSource} is null`,
            sql`${chargedOn} > ${after}`,
          ),
        )
        .orderBy(chargedOn);
      const seen = new Set<string>();
      return rows
        .filter((row) =>
          row.heldBy
            ? row.heldBy === subscriptionId
            : normalizeMerchant(row.name, DEFAULT_CATALOGUE, row.merchantName).name ===
              bill.merchantName,
        )
        .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
        .map(({ amountCents, date }) => ({ amountCents, date }));
    },
    /**
     * A bill as a linked bank shows it: its merchant and its latest posted charge there, as a
     * month's worth (never a charge read from an imported file). Null without such a charge.
     */
    async bankMonthlyOf(userId: string, subscriptionId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          cadence: subscriptions.cadence,
          amountCents: bankTransactions.amountCents,
        })
        .from(subscriptions)
        .innerJoin(
          subscriptionTransactions,
          eq(subscriptionTransactions.subscriptionId, subscriptions.id),
        )
        .innerJoin(
          bankTransactions,
          eq(bankTransactions.id, subscriptionTransactions.transactionId),
        )
        .innerJoin(bankItems, eq(bankItems.id, bankTransactions.itemId))
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            eq(subscriptions.userId, userId),
            eq(bankTransactions.pending, false),
            gt(bankTransactions.amountCents, 0),
            sql`${bankItems.importSource} is null`,
          ),
        )
        .orderBy(desc(chargedOn))
        .limit(1);
      if (!row) return null;
      return {
        merchantName: row.merchantName,
        merchantWebsite: row.merchantWebsite,
        monthlyPrice: monthlyAmount(centsToDollars(row.amountCents), row.cadence as Cadence),
      };
    },
    /**
     * The person's active bills (not the ones they marked as not one), each with its latest
     * posted charge at a linked bank as a month's worth, as bankMonthlyOf reads it (null without
     * one): one statement for every bill, not one per bill (the instant-savings read, issue 42).
     */
    async activeWithBankMonthly(userId: string) {
      const rows = await activeWithLatestCharge.execute({ userId });
      return rows.map(({ latestCents, ...bill }) => ({
        ...bill,
        monthlyPrice:
          latestCents === null
            ? null
            : monthlyAmount(centsToDollars(Number(latestCents)), bill.cadence as Cadence),
      }));
    },
    /** The day of the person's latest sync with a bank they linked (YYYY-MM-DD), or null. */
    async bankSyncedThrough(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`max(${bankItems.lastSyncedAt})` })
        .from(bankItems)
        .where(and(eq(bankItems.userId, userId), sql`${bankItems.importSource} is null`));
      return row?.at ? new Date(row.at).toISOString().slice(0, 10) : null;
    },
    /** The person's subscription charges dated on or after a day (the alerts' failed payments). */
    chargesSince: (userId: string, since: string, tx: Db = db) =>
      tx
        .select({
          subscriptionId: subscriptionTransactions.subscriptionId,
          date: bankTransactions.date,
          amountCents: bankTransactions.amountCents,
        })
        .from(subscriptionTransactions)
        .innerJoin(
          bankTransactions,
          eq(bankTransactions.id, subscriptionTransactions.transactionId),
        )
        .where(and(eq(bankTransactions.userId, userId), gte(bankTransactions.date, since))),
    /** The day of a subscription's latest charge between two days (both included). */
    async lastChargeBetween(subscriptionId: string, from: string, to: string) {
      const [charge] = await db
        .select({ date: bankTransactions.date })
        .from(subscriptionTransactions)
        .innerJoin(
          bankTransactions,
          eq(bankTransactions.id, subscriptionTransactions.transactionId),
        )
        .where(
          and(
            eq(subscriptionTransactions.subscriptionId, subscriptionId),
            lte(bankTransactions.date, to),
            gte(bankTransactions.date, from),
          ),
        )
        .orderBy(desc(bankTransactions.date))
        .limit(1);
      return charge?.date;
    },
  };
}
