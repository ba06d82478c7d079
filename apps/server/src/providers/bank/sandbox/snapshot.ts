/**
 * What the sandbox bank shows for an item on a given day, and the difference between two days —
 * the heart of its /transactions/sync. A charge is visible from its authorised date: pending until
 * it posts, then replaced by a posted transaction that points back at the pending one, as Plaid does.
 */
import type { BankTransaction } from '../bank-provider';
import type { SandboxAccount } from '@billow/sandbox-bank';

export const HISTORY_DAYS = 730;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const pendingId = (id: string) => `${id}-pending`;

/** Every transaction visible on `asOf`, keyed by id. */
export function snapshot(accounts: SandboxAccount[], asOf: string): Map<string, BankTransaction> {
  const visible = new Map<string, BankTransaction>();
  for (const account of accounts) {
    for (const t of account.transactions) {
      const authorized = t.authorized_date ?? t.date;
      if (authorized > asOf) continue;
      const isPosted = t.date <= asOf;
      const wasPending = authorized < t.date;
      const transaction: BankTransaction = {
        transactionId: isPosted ? t.transaction_id : pendingId(t.transaction_id),
        accountId: account.account_id,
        amount: t.amount,
        isoCurrencyCode: t.iso_currency_code,
        date: isPosted ? t.date : authorized,
        authorizedDate: authorized,
        name: t.name,
        merchantName: t.merchant_name,
        pending: !isPosted,
        pendingTransactionId: isPosted && wasPending ? pendingId(t.transaction_id) : null,
      };
      visible.set(transaction.transactionId, transaction);
    }
  }
  return visible;
}

type SyncOp =
  | { kind: 'added'; transaction: BankTransaction }
  | { kind: 'removed'; transactionId: string; accountId: string };

/** What changed from one day's view to another's, in a stable order (so pages are repeatable). */
export function diff(
  before: Map<string, BankTransaction>,
  after: Map<string, BankTransaction>,
): SyncOp[] {
  const ops: SyncOp[] = [];
  for (const [id, transaction] of [...before].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!after.has(id))
      ops.push({ kind: 'removed', transactionId: id, accountId: transaction.accountId });
  }
  const added = [...after.values()].filter((t) => !before.has(t.transactionId));
  added.sort((a, b) =>
    a.date === b.date
      ? a.transactionId.localeCompare(b.transactionId)
      : a.date.localeCompare(b.date),
  );
  for (const transaction of added) ops.push({ kind: 'added', transaction });
  return ops;
}
