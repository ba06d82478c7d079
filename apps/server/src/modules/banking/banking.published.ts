/**
 * What other modules may read of a person's banking rows (the alerts read balances and recent
 * transactions, detection every transaction): each read scoped to a person or an account, and
 * never a credential; the subqueries a hot read joins into its own statement are in
 * banking.joinable.ts. `tx` is the caller's transaction where the caller reads inside one.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { chargedOn, createJoinableBanking } from './banking.joinable';
import { bankAccounts, bankItems, bankTransactions } from './banking.tables';

export type PublishedBanking = ReturnType<typeof createPublishedBanking>;

export function createPublishedBanking(db: Db) {
  return {
    joinable: createJoinableBanking(db),
    /** Every transaction of the person, as detection reads it. */
    transactionsOf: (userId: string) =>
      db
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
        .where(eq(bankTransactions.userId, userId)),
    /**
     * One of the person's transactions, dated the day it was charged, held until `tx` ends (so
     * two adds of one charge make one); undefined when it is not theirs.
     */
    async lockTransaction(userId: string, transactionId: string, tx: Db) {
      const [row] = await tx
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
      return row;
    },
    /** The day of the person's latest sync with a bank they linked (YYYY-MM-DD), or null. */
    async syncedThrough(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`max(${bankItems.lastSyncedAt})` })
        .from(bankItems)
        .where(and(eq(bankItems.userId, userId), isNull(bankItems.importSource)));
      return row?.at ? new Date(row.at).toISOString().slice(0, 10) : null;
    },
    /**
     * These people's transactions dated on or after a day: their owner, id, bank wording and date
     * (a page of the hourly scan in one statement).
     */
    transactionsSince: (userIds: string[], since: string, tx: Db = db) =>
      tx
        .select({
          userId: bankTransactions.userId,
          id: bankTransactions.id,
          name: bankTransactions.name,
          date: bankTransactions.date,
        })
        .from(bankTransactions)
        .where(and(inArray(bankTransactions.userId, userIds), gte(bankTransactions.date, since))),
    /** The date of one of the person's transactions (undefined when it is not theirs). */
    async transactionDateOf(userId: string, transactionId: string) {
      const [row] = await db
        .select({ date: bankTransactions.date })
        .from(bankTransactions)
        .where(and(eq(bankTransactions.id, transactionId), eq(bankTransactions.userId, userId)));
      return row?.date;
    },
    /**
     * These people's open accounts, by person: the primary payment account first, then oldest
     * first (the daily balance check reads a page of people in one statement).
     */
    activeAccountsOf: (userIds: string[]) =>
      db
        .select({
          userId: bankAccounts.userId,
          id: bankAccounts.id,
          name: bankAccounts.name,
          type: bankAccounts.type,
          subtype: bankAccounts.subtype,
          isPrimaryPaymentAccount: bankAccounts.isPrimaryPaymentAccount,
          availableBalanceCents: bankAccounts.availableBalanceCents,
          currentBalanceCents: bankAccounts.currentBalanceCents,
        })
        .from(bankAccounts)
        .where(and(inArray(bankAccounts.userId, userIds), eq(bankAccounts.isActive, true)))
        .orderBy(
          asc(bankAccounts.userId),
          desc(bankAccounts.isPrimaryPaymentAccount),
          asc(bankAccounts.createdAt),
        ),
    /** Money that came into these accounts on or after a day (a negative amount is an inflow). */
    inflowsOf: (accountIds: string[], since: string) =>
      db
        .select({
          accountId: bankTransactions.accountId,
          name: bankTransactions.name,
          date: bankTransactions.date,
          amountCents: bankTransactions.amountCents,
        })
        .from(bankTransactions)
        .where(
          and(
            inArray(bankTransactions.accountId, accountIds),
            lt(bankTransactions.amountCents, 0),
            gte(bankTransactions.date, since),
          ),
        ),
  };
}
