/**
 * What other modules may join of banking's rows into a statement of their own: subqueries over
 * banking's tables, each offering a few named columns and never a credential. A hot read (the
 * bills list, a bill's payments, the instant savings) stays one statement while only banking
 * writes SQL about its tables; a reader joins a subquery on its own columns and filters on what
 * the subquery offers. What makes a transaction a bank's posted charge is written here, once.
 * PostgreSQL folds each subquery into the reader's statement, so it plans as a join of the tables.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bankAccounts, bankItems, bankTransactions } from './banking.tables';

/**
 * One date rule for a payment everywhere a person reads it: the day the merchant
 * charged (the authorised date), else the day the bank posted it. Detection reads the same.
 */
export const chargedOn = sql<string>`coalesce(${bankTransactions.authorizedDate}, ${bankTransactions.date})`;

/**
 * Posted (no longer pending) at a bank the person linked, not read from a file they imported:
 * what the bank itself shows, as a promised saving and a cancellation are verified against.
 */
const isPostedAtLinkedBank = and(
  eq(bankTransactions.pending, false),
  isNull(bankItems.importSource),
);

/** Above 0 is money leaving the account (Plaid's convention): a charge, not a refund. */
const isCharge = gt(bankTransactions.amountCents, 0);

export function createJoinableBanking(db: Db) {
  // A subquery's computed column is named by itself in the reader's statement, not by the
  // subquery's alias: each gets a name of its own, so two subqueries never clash in one join.
  const chargedOnIn = (alias: string) => chargedOn.as(`${alias}_charged_on`);
  const postedAtLinkedBank = (alias: string, onlyCharges: boolean) =>
    db
      .select({
        id: bankTransactions.id,
        userId: bankTransactions.userId,
        amountCents: bankTransactions.amountCents,
        name: bankTransactions.name,
        merchantName: bankTransactions.merchantName,
        chargedOn: chargedOnIn(alias),
      })
      .from(bankTransactions)
      .innerJoin(bankItems, eq(bankItems.id, bankTransactions.itemId))
      .where(onlyCharges ? and(isPostedAtLinkedBank, isCharge) : isPostedAtLinkedBank)
      .as(alias);
  return {
    /** Every transaction of every person, pending or posted, linked or imported. */
    transactions: db
      .select({
        id: bankTransactions.id,
        userId: bankTransactions.userId,
        accountId: bankTransactions.accountId,
        amountCents: bankTransactions.amountCents,
        currency: bankTransactions.isoCurrencyCode,
        name: bankTransactions.name,
        merchantName: bankTransactions.merchantName,
        /** The day the bank posted it. */
        date: bankTransactions.date,
        chargedOn: chargedOnIn('bank_transaction'),
      })
      .from(bankTransactions)
      .as('bank_transaction'),
    /** The transactions posted at a bank the person linked (refunds too), never an import. */
    linkedPostings: postedAtLinkedBank('linked_posting', false),
    /** The charges (money out) posted at a bank the person linked, never an import. */
    linkedCharges: postedAtLinkedBank('linked_charge', true),
    /** Every account with the names a person knows it by: its own, its mask, its bank's. */
    accounts: db
      .select({
        id: bankAccounts.id,
        name: bankAccounts.name,
        mask: bankAccounts.mask,
        bankName: bankItems.institutionName,
      })
      .from(bankAccounts)
      .leftJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
      .as('bank_account'),
  };
}
