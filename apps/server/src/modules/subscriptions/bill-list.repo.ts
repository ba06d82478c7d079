/**
 * The bills list's reads: list-all's query (prepared once and kept in memory until a row behind
 * it changes), the person's zone, one subscription, and one with its payments.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { USER_DATA_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createResponseCache } from '../../db/response-cache';
import {
  onFirstUse,
  visibleBillsOf,
  type BillOwners,
  type SubscriptionRow,
} from './subscription-rows';
import { subscriptions, subscriptionTransactions } from './subscriptions.tables';

export function createBillListReads(db: Db, changes: ChangeFeed, owners: BillOwners) {
  // list-all's query, the dashboard's busiest: built once and prepared.
  const visible = onFirstUse(() => {
    const account = owners.banking().joinable.accounts;
    return db
      .select({
        subscription: subscriptions,
        accountName: account.name,
        accountMask: account.mask,
        bankName: account.bankName,
      })
      .from(subscriptions)
      .leftJoin(account, eq(account.id, subscriptions.paymentAccountId))
      .where(and(visibleBillsOf(sql.placeholder('userId'))))
      .orderBy(subscriptions.merchantName)
      .prepare('subscriptions_visible_of');
  });
  // A bill with its payments (transaction-details), built and planned once, not per request.
  const withPayments = onFirstUse(() => {
    const payment = owners.banking().joinable.transactions;
    return db
      .select({
        merchantName: subscriptions.merchantName,
        userMarkedNotSubscription: subscriptions.userMarkedNotSubscription,
        id: payment.id,
        amountCents: payment.amountCents,
        currency: payment.currency,
        date: payment.chargedOn,
        name: payment.name,
      })
      .from(subscriptions)
      .leftJoin(
        subscriptionTransactions,
        eq(subscriptionTransactions.subscriptionId, subscriptions.id),
      )
      .leftJoin(payment, eq(payment.id, subscriptionTransactions.transactionId))
      .where(
        and(
          eq(subscriptions.id, sql.placeholder('subscriptionId')),
          eq(subscriptions.userId, sql.placeholder('userId')),
        ),
      )
      .orderBy(desc(payment.chargedOn))
      .prepare('subscription_with_payments');
  });
  // ...and kept in memory until a row behind it (the person's subscriptions, accounts or banks)
  // changes, so the dashboard's reloads cost no query.
  const cachedVisible = createResponseCache<
    Awaited<ReturnType<ReturnType<typeof visible>['execute']>>
  >(changes, USER_DATA_CHANNEL, { max: 2_000 });
  return {
    /**
     * The zone the person's days are counted in (their profile's), kept in memory the same way,
     * by its owner: every list-all reads it, and stays free of queries.
     */
    timeZoneOf: (userId: string) => owners.users().cachedTimeZoneOf(userId),
    /** The person's subscriptions as list-all shows them; the answer is shared, never change it. */
    async visibleOf(userId: string) {
      return cachedVisible.get(userId, () => visible().execute({ userId }));
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
     * One of the person's subscriptions with its payments, each dated the day it was charged
     * (banking's chargedOn), newest first; undefined when not theirs. One query, not the whole
     * row and then its payments.
     */
    async withTransactions(userId: string, subscriptionId: string) {
      const rows = await withPayments().execute({ userId, subscriptionId });
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
  };
}
