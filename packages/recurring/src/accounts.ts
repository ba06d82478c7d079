/**
 * Accounts: the same charge seen under two accounts (a bank login linked twice) counts once,
 * and a merchant whose charges span accounts is also searched account by account.
 */
import type { Candidate } from './candidate';
import { groupByAmount, unreversedCopy, type Charge } from './charges';
import { findGroupStreams, mayHoldStream, type MerchantGroup } from './detect-group';
import { standingAmongPurchases } from './storefronts';
import type { NormalizedMerchant, Transaction } from './types';

/**
 * One bill paid from two accounts (two people of a household, or a checking account and a
 * card) puts two charges in each cycle, a day or so apart: together they fit no grid, though
 * each account's charges alone are a plain stream. So a merchant whose charges span accounts is
 * also searched account by account, among the charges the whole merchant's search left out;
 * what that finds overlaps in time with the other account's stream, so the two stay two
 * (merge-fragments.ts). A subscription moved from one card to another is still found whole
 * first, its pieces joined; with one account nothing here runs. `found` and `isHabitual` are
 * what the whole merchant's search answered (`findGroupStreams`).
 */
export function streamsPerAccount(
  group: MerchantGroup,
  found: readonly Candidate[],
  isHabitual: boolean,
  asOf: number,
): Candidate[] {
  // Most merchants are paid from one account: nothing to search account by account.
  if (isOneAccount(group.charges)) return [];
  const used = new Set<string>();
  for (const candidate of found) {
    for (const charge of candidate.members) used.add(charge.id);
    for (const charge of candidate.extras) used.add(charge.id);
    for (const charge of candidate.reversed) used.add(charge.id);
    if (candidate.trial) used.add(candidate.trial.id);
  }
  // Most merchants leave nothing, or one account's charges, out of their streams: then there
  // is no second account to search, and nothing is copied.
  const left = group.charges.filter((charge) => !used.has(charge.id));
  if (isOneAccount(left)) return [];
  // A habit on the whole merchant is one on each account (`GroupStreams`); at a storefront,
  // purchases on every account are weighed against its plans below instead.
  const isHabit = !group.merchant.isStorefront && isHabitual;
  if (isHabit && !mayHoldHabitStream(group.merchant, left)) return [];
  const byAccount = new Map<string, MerchantGroup>();
  const add = (charge: Charge, list: 'charges' | 'refunds') => {
    const account = charge.account ?? '';
    let own = byAccount.get(account);
    if (!own) {
      own = { merchant: group.merchant, charges: [], refunds: [] };
      byAccount.set(account, own);
    }
    // A copy: the search marks reversed charges on what it is given.
    own[list].push(unreversedCopy(charge));
  };
  for (const charge of left) add(charge, 'charges');
  for (const refund of group.refunds) add(refund, 'refunds');
  const streams: Candidate[] = [];
  const taken = new Set<string>();
  for (const own of byAccount.values()) {
    if (own.charges.length === 0 || !mayHoldStream(own)) continue;
    for (const candidate of findGroupStreams(own, asOf, isHabit).candidates) {
      streams.push(candidate);
      for (const charge of candidate.members) taken.add(charge.id);
      for (const charge of candidate.extras) taken.add(charge.id);
      if (candidate.trial) taken.add(candidate.trial.id);
    }
  }
  if (streams.length === 0) return streams;
  // One account's search sees only its own one-off purchases; at a storefront (an app store,
  // a video store) most may sit on the other accounts, and a price repeated a month apart on
  // one card is then still a purchase that repeated.
  const purchases: Charge[] = [];
  for (const own of byAccount.values()) {
    for (const charge of own.charges) {
      if (!charge.isReversed && charge.amount > 0 && !taken.has(charge.id)) purchases.push(charge);
    }
  }
  return standingAmongPurchases(streams, purchases, group.merchant, asOf);
}

/**
 * Whether a habit's charges may hold a stream on some account: at a habit only one amount paid
 * again and again is a plan (`findGroupStreams`), and only a subscription merchant the
 * catalogue knows has a running trial. Where no two of the charges share an amount level
 * (`groupByAmount`), no account's share of them does. Spares about 2 ms of a dev-set pass of
 * about 115 (`bench:detect`'s dev-set throughput).
 */
function mayHoldHabitStream(merchant: NormalizedMerchant, charges: readonly Charge[]): boolean {
  if (merchant.isRecurringMerchant === true) return true;
  const paid = charges.filter((charge) => charge.amount > 0);
  return groupByAmount(paid).some((level) => level.length > 1);
}

/** Whether the charges all come from one account (or name none). */
function isOneAccount(charges: readonly Charge[]): boolean {
  const first = charges[0]?.account ?? '';
  return charges.every((charge) => (charge.account ?? '') === first);
}

/** Whether the transactions name two accounts or more (a transaction may name none). */
export function spansAccounts(transactions: readonly Transaction[]): boolean {
  let seen: string | undefined;
  for (let index = 0; index < transactions.length; index++) {
    const account = (transactions[index] as Transaction).account_id;
    if (account === undefined) continue;
    if (seen === undefined) seen = account;
    else if (account !== seen) return true;
  }
  return false;
}

/**
 * Per day, the first transaction with an account of each descriptor and amount: one, or
 * several in the order seen. A day holds a handful of transactions, so comparing their
 * descriptors costs less than keeping a table per descriptor.
 */
export type SeenOnDay = Map<number, Transaction | Transaction[]>;

/**
 * Whether this transaction repeats one already seen on another account: same descriptor, day
 * and amount. Registers it as the first of its kind otherwise.
 */
export function isCopyFromAnotherAccount(
  seenOnDay: SeenOnDay,
  day: number,
  transaction: Transaction,
): boolean {
  const seen = seenOnDay.get(day);
  if (seen === undefined) {
    seenOnDay.set(day, transaction);
    return false;
  }
  if (!Array.isArray(seen)) {
    if (isSameKind(seen, transaction)) return seen.account_id !== transaction.account_id;
    seenOnDay.set(day, [seen, transaction]);
    return false;
  }
  for (let index = 0; index < seen.length; index++) {
    const other = seen[index] as Transaction;
    if (isSameKind(other, transaction)) return other.account_id !== transaction.account_id;
  }
  seen.push(transaction);
  return false;
}

/** Same descriptor and amount (amounts compare as the original string key did: identity). */
function isSameKind(a: Transaction, b: Transaction): boolean {
  return a.description === b.description && sameAmount(a.amount, b.amount);
}

function sameAmount(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}
