/**
 * What the person's screens read of their banks: the linked accounts (for the profile and
 * sign-in, and inside the profile's own statement), and the load status the loading screen
 * waits on after a link.
 */
import {
  type BankSource as AccountSource,
  type LinkedAccount,
  type TransactionLoadStatus,
} from '@billow/contracts';
import type { PersonColumn } from '../../db/person-column';
import type { BankingContext } from './banking.deps';
import type { BankItemRow } from './banking.repo';
import { NOT_READY } from './banking.sync';
import { linkedAccountsJson, toLinkedAccount, type LinkedAccountParts } from './linked-accounts';

/** How often a held status check looks again. */
const STATUS_RECHECK_MS = 100;

const kindOf = (
  ctx: BankingContext,
  item: Pick<BankItemRow, 'importSource' | 'source'>,
): AccountSource => ctx.sourceOf(item)?.kind ?? 'file';

export async function linkedAccounts(
  ctx: BankingContext,
  userId: string,
): Promise<LinkedAccount[]> {
  const rows = await ctx.repo.accountsOf(userId);
  return rows.map(({ account, item }) =>
    toLinkedAccount(
      {
        ...account,
        institutionName: account.institutionName ?? item.institutionName,
        institutionDomain: account.institutionDomain ?? item.institutionDomain,
        isActive: account.isActive && item.status === 'active',
        source: item.source,
        importSource: item.importSource,
        sourceMessages: item.sourceMessages,
      },
      kindOf(ctx, item),
    ),
  );
}

/** The linked accounts, for a reader that asks for them in its own statement (the profile). */
export function linkedAccountsColumn(ctx: BankingContext): PersonColumn<LinkedAccount[]> {
  return {
    of: linkedAccountsJson,
    read: (raw) => {
      const parts = (typeof raw === 'string' ? JSON.parse(raw) : raw) as LinkedAccountParts[];
      return parts.map((account) => toLinkedAccount(account, kindOf(ctx, account)));
    },
  };
}

/**
 * Whether the initial sync is still in progress past the bank's part: detection, then the
 * negotiation offers made from the bills it found (queued before detection completes, so there
 * is no moment between them). The loading screen waits for both, and the dashboard opens with
 * its cards filled instead of gaining offers only on a later visit (docs/dashboard.md, "The
 * dashboard section").
 */
async function isInitialSyncInProgress(ctx: BankingContext, userId: string) {
  for (const job of ['subscriptions-detect', 'negotiations-refresh-offers'] as const)
    if (await ctx.jobs.isPending(job, userId)) return true;
  return false;
}

async function currentLoadStatus(
  ctx: BankingContext,
  userId: string,
): Promise<TransactionLoadStatus> {
  const items = await ctx.repo.itemsOf(userId);
  const synced = items.flatMap((item) => (item.lastSyncedAt ? [item.lastSyncedAt.getTime()] : []));
  const isSynced = items.length > 0 && items.every((item) => item.initialSyncedAt !== null);
  const isBankPreparing = items.some(
    (item) => item.initialSyncedAt === null && item.lastSyncError === NOT_READY,
  );
  return {
    isAccountLinked: items.length > 0,
    transactionsLoaded: isSynced && !(await isInitialSyncInProgress(ctx, userId)),
    lastSyncedAt: synced.length > 0 ? new Date(Math.max(...synced)).toISOString() : null,
    ...(isBankPreparing ? { isBankPreparing: true as const } : {}),
  };
}

/**
 * The load status; with `waitMs`, held until loading is done (or no account is linked) for at
 * most that long, so the loading screen hears of it at once rather than at its next poll.
 */
export async function transactionLoadStatus(
  ctx: BankingContext,
  userId: string,
  waitMs = 0,
): Promise<TransactionLoadStatus> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const status = await currentLoadStatus(ctx, userId);
    if (status.transactionsLoaded || !status.isAccountLinked || Date.now() >= giveUpAt)
      return status;
    await new Promise((resolve) => setTimeout(resolve, STATUS_RECHECK_MS));
  }
}
