/**
 * The bills list's reads: list-all's query (prepared once and kept in memory until a row behind
 * it changes), the person's zone, one subscription, and one with its payments.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { USER_DATA_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createResponseCache } from '../../db/response-cache';
// eslint-disable-next-line no-restricted-imports -- still to move behind its owner (issue 40 §1): detection and the bills list read bank rows and the zone
import { bankAccounts, bankItems, bankTransactions } from '../banking/banking.tables';
// eslint-disable-next-line no-restricted-imports -- still to move behind its owner (issue 40 §1): detection and the bills list read bank rows and the zone
import { users } from '../users/users.tables';
import { chargedOn, type SubscriptionRow } from './subscription-rows';
import { subscriptions, subscriptionTransactions } from './subscriptions.tables';

export function createBillListReads(db: Db, changes: ChangeFeed) {
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
  return {
    /** The zone the person's days are counted in (their profile's). */
    async timeZoneOf(userId: string): Promise<string> {
      const kept = await cachedZones.get(userId, async () => (await zoneOf.execute({ userId }))[0]);
      return kept?.timeZone ?? 'UTC';
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
  };
}
