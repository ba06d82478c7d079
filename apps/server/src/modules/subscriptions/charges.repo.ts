/**
 * A subscription's charges as the bank shows them: for the insights, a promised saving's proof,
 * a cancelled merchant's later charges, the annual-plan price, and the alerts' failed payments.
 */
import { and, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { centsToDollars, merchants, type Cadence } from '@billow/contracts';
import { DEFAULT_CATALOGUE, monthlyAmount, normalizeMerchant } from '@billow/recurring';
import type { Db } from '../../db/database';
import { onFirstUse, visibleBillsOf, type BillOwners } from './subscription-rows';
import { subscriptions, subscriptionTransactions } from './subscriptions.tables';

/**
 * Bills that may be a merchant's with an annual plan, as findMerchant matches them (by website,
 * else by name): a few of a person's bills, so only their charges are read. A wider net than
 * findMerchant's (a website naming a merchant without a plan, whose name another has, is let
 * through); the caller decides with findMerchant itself.
 */
const annualPlanMerchants = merchants.filter((merchant) => merchant.annualPlanPrice);
const mayHaveAnnualPlan = or(
  inArray(
    subscriptions.merchantWebsite,
    annualPlanMerchants.map((merchant) => merchant.website),
  ),
  inArray(
    sql`lower(${subscriptions.merchantName})`,
    annualPlanMerchants.map((merchant) => merchant.name.toLowerCase()),
  ),
);

export function createChargeReads(db: Db, owners: Pick<BillOwners, 'banking'>) {
  /** Banking's subqueries: the bank's rows, and what a posted charge at a linked bank is. */
  const bank = () => owners.banking().joinable;
  // Each active bill that may have an annual plan with its latest posted charge at a linked bank
  // (the rule bankMonthlyOf follows): one pass over those bills' charges, not a lookup per bill,
  // which the planner ran as a scan of the charges per bill, nor the charges of every bill. A
  // bill's rows that are not such a charge (pending, a refund, an imported file) sort after the
  // ones that are.
  const activeWithLatestCharge = onFirstUse(() => {
    const { linkedCharges: charge } = bank();
    const isBankCharge = sql<boolean>`${charge.id} is not null`;
    return db
      .selectDistinctOn([subscriptions.id], {
        id: subscriptions.id,
        userId: subscriptions.userId,
        status: subscriptions.status,
        merchantName: subscriptions.merchantName,
        merchantWebsite: subscriptions.merchantWebsite,
        cadence: subscriptions.cadence,
        latestCents: charge.amountCents,
      })
      .from(subscriptions)
      .leftJoin(
        subscriptionTransactions,
        eq(subscriptionTransactions.subscriptionId, subscriptions.id),
      )
      .leftJoin(charge, eq(charge.id, subscriptionTransactions.transactionId))
      .where(
        and(
          visibleBillsOf(sql.placeholder('userId')),
          eq(subscriptions.status, 'ACTIVE'),
          mayHaveAnnualPlan,
        ),
      )
      .orderBy(subscriptions.id, desc(isBankCharge), desc(charge.chargedOn))
      .prepare('subscriptions_active_with_bank_monthly');
  });
  // The charges the insights are drawn from: built and planned once, not per request.
  const charges = onFirstUse(() => {
    const { transactions: charge } = bank();
    return db
      .select({
        subscriptionId: subscriptions.id,
        category: subscriptions.category,
        amountCents: charge.amountCents,
        date: charge.chargedOn,
      })
      .from(subscriptions)
      .innerJoin(
        subscriptionTransactions,
        eq(subscriptionTransactions.subscriptionId, subscriptions.id),
      )
      .innerJoin(charge, eq(charge.id, subscriptionTransactions.transactionId))
      .where(
        and(
          visibleBillsOf(sql.placeholder('userId')),
          sql`${charge.chargedOn} >= ${sql.placeholder('from')}`,
        ),
      )
      .orderBy(charge.chargedOn)
      .prepare('subscription_charges_of');
  });
  // The same charges summed by month and category, the spending chart's bars: a row per bar,
  // not per charge. A charge on or after `cut` keeps a row of its own (grouped by its day), as
  // whether it is past yet depends on the person's zone, which is read beside this statement.
  const spend = onFirstUse(() => {
    const { transactions: charge } = bank();
    const day = sql<
      string | null
    >`case when ${charge.chargedOn} >= ${sql.placeholder('cut')} then ${charge.chargedOn} end`;
    return db
      .select({
        category: subscriptions.category,
        amountCents: sql<number>`sum(${charge.amountCents})`.mapWith(Number),
        date: sql<string>`min(${charge.chargedOn})`,
      })
      .from(subscriptions)
      .innerJoin(
        subscriptionTransactions,
        eq(subscriptionTransactions.subscriptionId, subscriptions.id),
      )
      .innerJoin(charge, eq(charge.id, subscriptionTransactions.transactionId))
      .where(
        and(
          visibleBillsOf(sql.placeholder('userId')),
          sql`${charge.chargedOn} >= ${sql.placeholder('from')}`,
        ),
      )
      .groupBy(sql`date_trunc('month', ${charge.chargedOn})`, subscriptions.category, sql`${day}`)
      .orderBy(sql`min(${charge.chargedOn})`)
      .prepare('subscription_spend_of');
  });
  return {
    /**
     * The charges matched to the person's visible subscriptions since `from` (YYYY-MM-DD),
     * summed by month and by their bill's category, each sum dated by its first charge, in date
     * order; a charge on or after `cut` is summed with its day's only (the spending chart).
     */
    async spendOf(userId: string, from: string, cut: string) {
      return spend().execute({ userId, from, cut });
    },
    /**
     * Every charge matched to the person's visible subscriptions since `from` (YYYY-MM-DD), with
     * its bill's category, in date order: what the calendar's paid bills are drawn from (the
     * spending chart reads them summed, `spendOf`).
     */
    async chargesOf(userId: string, from: string) {
      return charges().execute({ userId, from });
    },
    /**
     * A subscription's charges posted at a bank the person linked (not pending, not read from a
     * file they imported) after `after` (YYYY-MM-DD): what a promised saving is verified against.
     */
    async bankChargesOf(userId: string, subscriptionId: string, after: string) {
      const { linkedPostings: posting } = bank();
      return db
        .select({ amountCents: posting.amountCents, date: posting.chargedOn })
        .from(subscriptionTransactions)
        .innerJoin(posting, eq(posting.id, subscriptionTransactions.transactionId))
        .where(
          and(
            eq(subscriptionTransactions.subscriptionId, subscriptionId),
            eq(posting.userId, userId),
            sql`${posting.chargedOn} > ${after}`,
          ),
        )
        .orderBy(posting.chargedOn);
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
      const { linkedCharges: charge } = bank();
      const rows = await db
        .select({
          id: charge.id,
          amountCents: charge.amountCents,
          date: charge.chargedOn,
          name: charge.name,
          merchantName: charge.merchantName,
          heldBy: subscriptionTransactions.subscriptionId,
        })
        .from(charge)
        .leftJoin(subscriptionTransactions, eq(subscriptionTransactions.transactionId, charge.id))
        .where(and(eq(charge.userId, userId), sql`${charge.chargedOn} > ${after}`))
        .orderBy(charge.chargedOn);
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
      const { linkedCharges: charge } = bank();
      const [row] = await tx
        .select({
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          cadence: subscriptions.cadence,
          amountCents: charge.amountCents,
        })
        .from(subscriptions)
        .innerJoin(
          subscriptionTransactions,
          eq(subscriptionTransactions.subscriptionId, subscriptions.id),
        )
        .innerJoin(charge, eq(charge.id, subscriptionTransactions.transactionId))
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
        .orderBy(desc(charge.chargedOn))
        .limit(1);
      if (!row) return null;
      return {
        merchantName: row.merchantName,
        merchantWebsite: row.merchantWebsite,
        monthlyPrice: monthlyAmount(centsToDollars(row.amountCents), row.cadence as Cadence),
      };
    },
    /**
     * The person's active bills (not the ones they marked as not one) whose merchant may sell an
     * annual plan (at least every one findMerchant gives an annualPlanPrice), each with its
     * latest posted charge at a linked bank as a month's worth, as bankMonthlyOf reads it (null
     * without one): one statement for every bill, not one per bill (the instant-savings read).
     */
    async annualPlanBillsWithBankMonthly(userId: string) {
      const rows = await activeWithLatestCharge().execute({ userId });
      return rows.map(({ latestCents, ...bill }) => ({
        ...bill,
        monthlyPrice:
          latestCents === null
            ? null
            : monthlyAmount(centsToDollars(latestCents), bill.cadence as Cadence),
      }));
    },
    /**
     * These people's subscription charges dated on or after a day (the alerts' failed payments:
     * a page of the hourly scan in one statement).
     */
    chargesSince(userIds: string[], since: string, tx: Db = db) {
      const { transactions: charge } = bank();
      return tx
        .select({
          userId: charge.userId,
          subscriptionId: subscriptionTransactions.subscriptionId,
          date: charge.date,
          amountCents: charge.amountCents,
        })
        .from(subscriptionTransactions)
        .innerJoin(charge, eq(charge.id, subscriptionTransactions.transactionId))
        .where(and(inArray(charge.userId, userIds), gte(charge.date, since)));
    },
    /** The day of a subscription's latest charge between two days (both included). */
    async lastChargeBetween(subscriptionId: string, from: string, to: string) {
      const { transactions: charge } = bank();
      const [latest] = await db
        .select({ date: charge.date })
        .from(subscriptionTransactions)
        .innerJoin(charge, eq(charge.id, subscriptionTransactions.transactionId))
        .where(
          and(
            eq(subscriptionTransactions.subscriptionId, subscriptionId),
            lte(charge.date, to),
            gte(charge.date, from),
          ),
        )
        .orderBy(desc(charge.date))
        .limit(1);
      return latest?.date;
    },
  };
}
