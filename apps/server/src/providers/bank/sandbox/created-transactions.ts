/**
 * Transactions made after linking, as Plaid's /sandbox/transactions/create makes them: kept on
 * the sandbox item and shown with its generated history, pending from their transacted date until
 * their posted date like any other. Each lands on the account whose history already holds its
 * description (a bill's next charge on the card that pays it, with that charge's merchant name),
 * else on the item's first account. Balances stay as the history made them.
 */
import crypto from 'node:crypto';
import { roundToCents } from '@billow/contracts';
import type { SandboxAccount, SandboxTransaction } from '@billow/sandbox-bank';

export type CreatedTransaction = {
  date_transacted: string;
  date_posted: string;
  amount: number;
  description: string;
};

/** Ids that stay the same at every sync: from the item's seed and the transaction's position. */
const idOf = (seed: string, position: number) =>
  crypto.createHash('sha256').update(`${seed}|created|${position}`).digest('hex').slice(0, 37);

export function withCreatedTransactions(
  accounts: SandboxAccount[],
  created: readonly CreatedTransaction[] | undefined,
  seed: string,
): SandboxAccount[] {
  if (!created?.length || accounts.length === 0) return accounts;
  const added = new Map<string, SandboxTransaction[]>();
  created.forEach((t, position) => {
    const earlier = accounts
      .flatMap((a) => a.transactions)
      .filter((other) => other.name === t.description)
      .at(-1);
    const accountId = earlier?.account_id ?? accounts[0]!.account_id;
    const transaction: SandboxTransaction = {
      transaction_id: idOf(seed, position),
      account_id: accountId,
      date: t.date_posted,
      authorized_date: t.date_transacted,
      amount: roundToCents(t.amount),
      iso_currency_code: 'USD',
      name: t.description,
      merchant_name: earlier?.merchant_name ?? null,
      category_hint: earlier?.category_hint ?? 'other',
    };
    added.set(accountId, [...(added.get(accountId) ?? []), transaction]);
  });
  // New arrays: the generated accounts are cached and shared between items' reads.
  return accounts.map((account) => {
    const extra = added.get(account.account_id);
    if (!extra) return account;
    const transactions = [...account.transactions, ...extra];
    transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { ...account, transactions };
  });
}
