import { and, desc, eq, gt, gte, ilike, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents, type Cadence } from '@billow/contracts';
import { DEFAULT_CATALOGUE, monthlyAmount, normalizeMerchant } from '@billow/recurring';
import { USER_DATA_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { isForeignKeyViolation } from '../../db/foreign-key';
import { createResponseCache } from '../../db/response-cache';
// eslint-disable-next-line no-restricted-imports -- still to move behind its owner (issue 40 §1): detection and the bills list read bank rows and the zone
import { bankAccounts, bankItems, bankTransactions } from '../banking/banking.tables';
// eslint-disable-next-line no-restricted-imports -- still to move behind its owner (issue 40 §1): detection and the bills list read bank rows and the zone
import { users } from '../users/users.tables';
import { subscriptions, subscriptionTransactions } from './subscriptions.tables';
import type { Charge } from './user-added';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<
  typeof subscriptions.$inferInsert,
  'id' | 'userId' | 'createdAt'
>;
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;

/**
 * One date rule for a payment everywhere a person reads it (issue 18): the day the merchant
 * charged (the authorised date), else the day the bank posted it. Detection reads the same.
 */
const chargedOn = sql<string>`coalesce(${bankTransactions.authorizedDate}, ${bankTransactions.date})`;

export function createSubscriptionsRepo(db: Db, changes: ChangeFeed) {
  // list-all's query, the dashboard's busiest: built once and prepared (issue 16).
  const visible = db
    .select({
      subscription: subscriptions,
      accountName: bankAccounts.name,
      accountMask: bankAccounts.mask,
      bankName: bankItems.institutionName,
    })
    .from(subscriptions)
    .leftJoin(bankAccounts, eq(bankAccounts.id, subscriptions.paymentAccountId))
    .leftJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder('userId')),
        eq(subscriptions.userMarkedNotSubscription, false),
      ),
    )
    .orderBy(subscriptions.merchantName)
    .prepare('subscriptions_visible_of');
  // ...and kept in memory until a row behind it (the person's subscriptions, accounts or banks)
  // changes, so the dashboard's reloads cost no query (issue 16).
  const cachedVisible = createResponseCache<Awaited<ReturnType<typeof visible.execute>>>(
    changes,
    USER_DATA_CHANNEL,
    { max: 2_000 },
  );
  // The person's zone, which every list-all reads too: kept the same way (a change of zone
  // notifies the same channel, migration 0023), so list-all stays free of queries.
  const zoneOf = db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_time_zone_of');
  const cachedZones = createResponseCache<{ timeZone: string }>(changes, USER_DATA_CHANNEL, {
    max: 2_000,
  });
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
  return {
    /** The zone the person's days are counted in (their profile's). */
    async timeZoneOf(userId: string): Promise<string> {
      const kept = await cachedZones.get(userId, async () => (await zoneOf.execute({ userId }))[0]);
      return kept?.timeZone ?? 'UTC';
    },
    /** Outflows and inflows of a person, as detection reads them. */
    async transactionsForDetection(userId: string) {
      return db
        .select({
          id: bankTransactions.id,
          date: bankTransactions.date,
          authorizedDate: bankTransactions.authorizedDate,
          name: bankTransactions.name,
          merchantName: bankTransactions.merchantName,
          amountCents: bankTransactions.amountCents,
          accountId: bankTransactions.accountId,
        })
        .from(bankTransactions)
        .where(eq(bankTransactions.userId, userId));
    },
    /** Every subscription of a person with the transactions it holds now. */
    async existingWithTransactions(userId: string) {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const links = rows.length
        ? await db
            .select()
            .from(subscriptionTransactions)
            .where(
              inArray(
                subscriptionTransactions.subscriptionId,
                rows.map((r) => r.id),
              ),
            )
        : [];
      return rows.map((row) => ({
        row,
        transactionIds: new Set(
          links.filter((l) => l.subscriptionId === row.id).map((l) => l.transactionId),
        ),
      }));
    },
    /**
     * Writes one detection run at once: updates, inserts, subscriptions no stream matches any
     * more, and the transaction links. A gone subscription is deleted unless something of the
     * person's history points at it (a negotiation, a payment, savings, rewards: their foreign
     * keys refuse the deletion, migration 0026); then it is ended instead, and its charges are
     * left to the streams that hold them now.
     */
    async saveDetection(
      userId: string,
      run: {
        updates: { id: string; values: SubscriptionValues; transactionIds: string[] }[];
        inserts: { values: SubscriptionValues; transactionIds: string[] }[];
        goneIds: string[];
      },
    ) {
      await db.transaction(async (tx) => {
        for (const id of run.goneIds) {
          const isDeleted = await tx
            .transaction(async (savepoint) => {
              await savepoint.delete(subscriptions).where(eq(subscriptions.id, id));
            })
            .then(
              () => true,
              (error: unknown) => {
                if (isForeignKeyViolation(error)) return false;
                throw error;
              },
            );
          if (isDeleted) continue;
          await tx
            .update(subscriptions)
            .set({
              status: 'CANCELLED',
              renewalDate: null,
              cancelDate: sql`coalesce(${subscriptions.cancelDate}, ${subscriptions.lastChargeDate})`,
              updatedAt: new Date(),
            })
            .where(eq(subscriptions.id, id));
          await tx
            .delete(subscriptionTransactions)
            .where(eq(subscriptionTransactions.subscriptionId, id));
        }
        const links: { subscriptionId: string; transactionId: string }[] = [];
        for (const update of run.updates) {
          await tx.update(subscriptions).set(update.values).where(eq(subscriptions.id, update.id));
          links.push(
            ...update.transactionIds.map((transactionId) => ({
              subscriptionId: update.id,
              transactionId,
            })),
          );
        }
        if (run.inserts.length) {
          const inserted = await tx
            .insert(subscriptions)
            .values(run.inserts.map((i) => ({ ...i.values, userId })))
            .returning({ id: subscriptions.id });
          inserted.forEach(({ id }, index) =>
            links.push(
              ...run.inserts[index]!.transactionIds.map((transactionId) => ({
                subscriptionId: id,
                transactionId,
              })),
            ),
          );
        }
        const touched = [...run.updates.map((u) => u.id)];
        if (touched.length)
          await tx
            .delete(subscriptionTransactions)
            .where(inArray(subscriptionTransactions.subscriptionId, touched));
        for (let i = 0; i < links.length; i += 1000) {
          await tx
            .insert(subscriptionTransactions)
            .values(links.slice(i, i + 1000))
            .onConflictDoNothing();
        }
      });
    },
    /**
     * A page of the person's money-out transactions no subscription holds, newest first, whose
     * description or bank merchant name holds `search` (issue 17).
     */
    async unmatchedOutflows(
      userId: string,
      options: { search: string | undefined; limit: number; offset: number },
    ) {
      const pattern = options.search
        ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : undefined;
      return db
        .select({
          id: bankTransactions.id,
          date: chargedOn,
          name: bankTransactions.name,
          merchantName: bankTransactions.merchantName,
          amountCents: bankTransactions.amountCents,
          currency: bankTransactions.isoCurrencyCode,
          accountName: bankAccounts.name,
          accountMask: bankAccounts.mask,
          bankName: bankItems.institutionName,
        })
        .from(bankTransactions)
        .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
        .leftJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
        .where(
          and(
            eq(bankTransactions.userId, userId),
            gt(bankTransactions.amountCents, 0),
            notExists(
              db
                .select({ one: sql`1` })
                .from(subscriptionTransactions)
                .where(eq(subscriptionTransactions.transactionId, bankTransactions.id)),
            ),
            pattern
              ? or(
                  ilike(bankTransactions.name, pattern),
                  ilike(bankTransactions.merchantName, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(desc(chargedOn), desc(bankTransactions.id))
        .limit(options.limit)
        .offset(options.offset);
    },
    /**
     * Stores a subscription the person added from one of their transactions, all or nothing:
     * the transaction is locked while it is checked, so two adds of one charge make one.
     * `build` gets the charge and answers the values, or why not.
     */
    async addFromTransaction<Refusal extends string>(
      userId: string,
      transactionId: string,
      build: (
        charge: Charge,
        added: SubscriptionRow[],
      ) => { refused: Refusal } | { values: SubscriptionValues },
    ): Promise<{ refused: Refusal | 'not-found' } | { id: string }> {
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select({
            id: bankTransactions.id,
            date: chargedOn,
            name: bankTransactions.name,
            merchantName: bankTransactions.merchantName,
            amountCents: bankTransactions.amountCents,
            accountId: bankTransactions.accountId,
          })
          .from(bankTransactions)
          .where(and(eq(bankTransactions.id, transactionId), eq(bankTransactions.userId, userId)))
          .for('update');
        if (!charge) return { refused: 'not-found' as const };
        const [held] = await tx
          .select({ id: subscriptionTransactions.subscriptionId })
          .from(subscriptionTransactions)
          .where(eq(subscriptionTransactions.transactionId, transactionId))
          .limit(1);
        if (held) return { refused: 'held' as Refusal };
        const added = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isUserAdded, true)));
        const outcome = build(charge, added);
        if ('refused' in outcome) return outcome;
        const [row] = await tx
          .insert(subscriptions)
          .values({ ...outcome.values, userId })
          .returning({ id: subscriptions.id });
        await tx
          .insert(subscriptionTransactions)
          .values({ subscriptionId: row!.id, transactionId });
        return { id: row!.id };
      });
    },
    /** The person's subscriptions as list-all shows them; the answer is shared, never change it. */
    async visibleOf(userId: string) {
      return cachedVisible.get(userId, () => visible.execute({ userId }));
    },
    async findOwn(userId: string, id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
        .limit(1);
      return row;
    },
    /**
     * One of the person's subscriptions with its payments, each dated the day it was charged (see
     * chargedOn), newest first; undefined when not theirs. One query, not the whole row and then
     * its payments (issue 42).
     */
    async withTransactions(userId: string, subscriptionId: string) {
      const rows = await db
        .select({
          merchantName: subscriptions.merchantName,
          userMarkedNotSubscription: subscriptions.userMarkedNotSubscription,
          id: bankTransactions.id,
          amountCents: bankTransactions.amountCents,
          currency: bankTransactions.isoCurrencyCode,
          date: chargedOn,
          name: bankTransactions.name,
        })
        .from(subscriptions)
        .leftJoin(
          subscriptionTransactions,
          eq(subscriptionTransactions.subscriptionId, subscriptions.id),
        )
        .leftJoin(bankTransactions, eq(bankTransactions.id, subscriptionTransactions.transactionId))
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
        .orderBy(desc(chargedOn));
      const [first] = rows;
      if (!first) return undefined;
      return {
        merchantName: first.merchantName,
        userMarkedNotSubscription: first.userMarkedNotSubscription,
        transactions: rows.flatMap(({ id, amountCents, currency, date, name }) =>
          id === null || amountCents === null || name === null
            ? []
            : [{ id, amountCents, currency, date, name }],
        ),
      };
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
    /**
     * Every charge matched to the person's visible subscriptions since `from` (YYYY-MM-DD), in
     * date order: what the spending chart and the price-increase view are drawn from.
     */
    async chargesOf(userId: string, from: string) {
      return charges.execute({ userId, from });
    },
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
     * A cancellation the bank verified (issue 39): the subscription is CANCELLED from that day,
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
