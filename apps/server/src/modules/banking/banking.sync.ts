/**
 * Bank syncing (and finishing links interrupted after their exchange), the same for every bank
 * source (docs/banking.md): it speaks only the BankSource port.
 * - One sync per item at a time, across processes: a sync holds the item's lease and renews it
 *   after every page (its heartbeat); a sync that finds the lease taken runs again a little later.
 *   A process that died stops renewing, and its lease lapses, so nothing waits on it for long.
 * - A sync reads every page to has_more=false first, then writes them in short batches, the
 *   cursor with the last (banking.repo `applySync`); when the source says the data moved
 *   during paging, the whole loop starts again (Plaid's advice).
 * - A source read by date window lists every pending transaction of its window: one stored and
 *   not listed is gone. A source that allows so many requests a day has each one counted, and a
 *   sync past the quota asks nothing until the next daily sync (never a retry loop).
 */
import crypto from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import {
  BankProviderError,
  type BankAccount,
  type BankSource,
  type BankTransaction,
} from '../../providers/bank/bank-provider';
import type { BankItemRow } from './banking.repo';
import { recogniseSameAccounts } from './banking.same-account';
import type { BankingContext, SyncReason } from './banking.deps';

const MAX_SYNC_RESTARTS = 3;
/** A sync's hold on its item lapses this long after its last sign of life (a page read). */
const SYNC_LEASE_SECONDS = 120;
/** When another sync of the item is running, try again this much later. */
const SYNC_BUSY_DELAY_SECONDS = 15;
/**
 * How long a new item whose bank has sent nothing yet keeps its loading screen; after that the
 * first data, when the bank sends it, arrives by webhook or the daily sync.
 */
const FIRST_DATA_WAIT_MS = 15 * 60_000;
/** The item's `lastSyncError` while its bank prepares the first data, and after the wait. */
export const NOT_READY = 'NOT_READY';
/** The item's `lastSyncError` when a sync was skipped to stay within its source's daily quota. */
const DAILY_QUOTA_REACHED = 'DAILY_QUOTA_REACHED';
const DAY_MS = 86_400_000;
/**
 * A pending transaction of a source read by date window that no answer has listed again and that
 * is older than this has not posted and will not (docs/banking.md): it is dropped.
 */
export const STALE_PENDING_DAYS = 14;

/** Enqueues a sync of an item: at most one waits per item (the queue's policy). */
export function syncEnqueuer(jobs: JobQueue<AppJobMap>) {
  return async (itemId: string, reason: SyncReason, tx?: Db, delaySeconds?: number) => {
    await jobs.send(
      'bank-transaction-sync',
      { itemId, reason },
      {
        singletonKey: itemId,
        ...(tx ? { tx } : {}),
        ...(delaySeconds ? { startAfterSeconds: delaySeconds } : {}),
      },
    );
  };
}

class SyncLeaseLostError extends Error {
  override name = 'SyncLeaseLostError';
}

class DailyQuotaReachedError extends Error {
  override name = 'DailyQuotaReachedError';
}

/**
 * Runs `call` as one request to the item's source, counted against the source's daily quota
 * where it has one (the times are kept on the item); a DailyQuotaReachedError past it.
 */
function requestsOf(ctx: BankingContext, item: BankItemRow, source: BankSource) {
  let times = item.sourceRequestTimes ?? [];
  return async <T>(call: () => Promise<T>): Promise<T> => {
    const limit = source.dailyRequestLimit;
    if (limit !== undefined) {
      const at = ctx.now();
      times = times.filter((time) => at.getTime() - Date.parse(time) < DAY_MS);
      if (times.length >= limit) throw new DailyQuotaReachedError();
      times = [...times, at.toISOString()];
      await ctx.repo.updateItem(item.id, { sourceRequestTimes: times });
    }
    return call();
  };
}

/**
 * Detection follows a sync as its own job; the loading screen waits for it. An account that
 * is another one again (from another source) stops being counted first.
 */
async function afterSync(ctx: BankingContext, item: BankItemRow, hasNewData: boolean) {
  await ctx.repo.refreshUpdateRequired(item.userId);
  if (hasNewData) await recogniseSameAccounts(ctx.repo, item.userId, ctx.now());
  await ctx.db.transaction(async (tx) => {
    if (hasNewData)
      await ctx.jobs.send(
        'subscriptions-detect',
        { userId: item.userId },
        { tx, singletonKey: item.userId },
      );
    await ctx.repo.markInitialSynced(tx, item.id, ctx.now());
  });
}

/** Reads a pending item's institution and accounts and stores them; a no-op once done. */
export async function finishLink(
  ctx: BankingContext,
  item: BankItemRow,
  ask: <T>(call: () => Promise<T>) => Promise<T> = (call) => call(),
): Promise<BankItemRow> {
  const source = ctx.sourceOf(item);
  if (!item.isLinkPending || !source) return item;
  const { institution, accounts } = await ask(() => source.listAccounts(ctx.tokenOf(item)));
  const values = {
    id: institution?.institutionId ?? null,
    name: institution?.name ?? 'Your bank',
    domain: institution?.domain ?? null,
  };
  await ctx.db.transaction((tx) => ctx.repo.finishLink(tx, item, values, accounts));
  return {
    ...item,
    institutionId: values.id,
    institutionName: values.name,
    institutionDomain: values.domain,
    isLinkPending: false,
  };
}

async function readAllPages(
  ctx: BankingContext,
  item: BankItemRow,
  source: BankSource,
  ask: <T>(call: () => Promise<T>) => Promise<T>,
  heartbeat: () => Promise<void>,
) {
  for (let attempt = 0; ; attempt++) {
    const upserts = new Map<string, BankTransaction>();
    const removed = new Set<string>();
    const accounts: BankAccount[] = [];
    let cursor = item.cursor;
    try {
      for (;;) {
        const page = await ask(() =>
          source.fetchTransactions(ctx.tokenOf(item), {
            cursor,
            lastSyncedAt: item.lastSyncedAt,
            now: ctx.now(),
          }),
        );
        await heartbeat();
        for (const t of [...page.added, ...page.modified]) {
          removed.delete(t.transactionId);
          upserts.set(t.transactionId, t);
        }
        for (const { transactionId } of page.removed) {
          upserts.delete(transactionId);
          removed.add(transactionId);
        }
        accounts.push(...(page.accounts ?? []));
        cursor = page.nextCursor;
        if (!page.hasMore)
          return {
            upserts: [...upserts.values()],
            removed: [...removed],
            cursor,
            accounts,
            isReady: page.isReady ?? true,
            pendingListedFrom: page.pendingListedFrom,
            notices: page.notices ?? [],
          };
      }
    } catch (error) {
      if (
        error instanceof BankProviderError &&
        error.code === 'sync-restart' &&
        attempt < MAX_SYNC_RESTARTS
      ) {
        continue;
      }
      throw error;
    }
  }
}

/**
 * Right after a link the bank may not have sent anything yet (docs/banking.md): the sync is
 * asked again with back-off while the loading screen says the bank is preparing, and after
 * FIRST_DATA_WAIT_MS the loading ends rather than spin for ever.
 */
async function waitForFirstData(ctx: BankingContext, item: BankItemRow) {
  const waited = ctx.now().getTime() - item.createdAt.getTime();
  if (waited >= FIRST_DATA_WAIT_MS) {
    await ctx.db.transaction(async (tx) => {
      await ctx.repo.markInitialSynced(tx, item.id, ctx.now());
    });
    return;
  }
  await ctx.repo.updateItem(item.id, { lastSyncError: NOT_READY });
  // Asked again soon at first, then less often as the wait grows.
  const delay = waited < 30_000 ? 5 : waited < 120_000 ? 15 : 60;
  await ctx.enqueueSync(item.id, 'initial', undefined, delay);
}

/**
 * The stored pending transactions a window's answer no longer lists, in the accounts it
 * answered for: in the window, replaced by their posted form or dropped by the bank; before it,
 * once older than STALE_PENDING_DAYS (they were never going to post).
 */
async function unlistedPending(
  ctx: BankingContext,
  item: BankItemRow,
  changes: { upserts: BankTransaction[]; accounts: BankAccount[]; pendingListedFrom?: string },
  accountIds: Map<string, string>,
): Promise<string[]> {
  if (changes.pendingListedFrom === undefined) return [];
  const listed = new Set(changes.upserts.map((t) => t.transactionId));
  const answered = changes.accounts.flatMap((a) => {
    const id = accountIds.get(a.accountId);
    return id ? [id] : [];
  });
  const staleBefore = new Date(ctx.now().getTime() - STALE_PENDING_DAYS * DAY_MS);
  const stored = await ctx.repo.pendingTransactionIds(item.id, answered, {
    from: changes.pendingListedFrom,
    staleBefore: staleBefore.toISOString().slice(0, 10),
  });
  return stored.filter((id) => !listed.has(id));
}

/** One sync of an item whose lease the caller holds; `heartbeat` renews the lease. */
async function syncHoldingLease(
  ctx: BankingContext,
  itemId: string,
  heartbeat: () => Promise<void>,
) {
  const stored = await ctx.repo.item(itemId);
  // Removed since the job was queued, or imported from a file (nothing at a source to read).
  const source = stored && ctx.sourceOf(stored);
  if (!stored || !source) return;
  const ask = requestsOf(ctx, stored, source);
  let item = stored;
  let changes;
  try {
    // A link stopped after its exchange is finished here, by its first sync.
    item = await finishLink(ctx, stored, ask);
    changes = await readAllPages(ctx, item, source, ask, heartbeat);
  } catch (error) {
    if (error instanceof DailyQuotaReachedError) {
      ctx.log?.warn({ itemId }, "the source's daily request quota is reached; sync skipped");
      await ctx.repo.updateItem(item.id, { lastSyncError: DAILY_QUOTA_REACHED });
      // The loading screen still ends: the daily sync reads the rest.
      await afterSync(ctx, item, false);
      return;
    }
    if (!(error instanceof BankProviderError)) throw error;
    const status =
      error.code === 'login-required' || error.code === 'pending-disconnect'
        ? 'login_required'
        : error.code === 'access-revoked'
          ? 'revoked'
          : undefined;
    if (!status) throw error;
    await ctx.repo.updateItem(item.id, {
      status,
      lastSyncError: error.vendorCode,
      sourceMessages: error.notice ? [error.notice] : null,
    });
    // The loading screen ends either way: the accounts say what the person can do.
    await afterSync(ctx, item, false);
    return;
  }
  if (!changes.isReady && item.initialSyncedAt === null) {
    await waitForFirstData(ctx, item);
    return;
  }
  const accountIds = await ctx.repo.accountIdsByProviderId(item.id);
  const newAccounts =
    changes.accounts.length > 0
      ? changes.accounts
      : changes.upserts.some((t) => !accountIds.has(t.accountId))
        ? // A new account appeared at the bank: store it before its transactions.
          (await ask(() => source.listAccounts(ctx.tokenOf(item)))).accounts
        : [];
  if (newAccounts.length > 0) {
    await ctx.db.transaction(async (tx) => ctx.repo.upsertAccounts(tx, item, newAccounts));
    for (const [k, v] of await ctx.repo.accountIdsByProviderId(item.id)) accountIds.set(k, v);
  }
  const removed = [...changes.removed, ...(await unlistedPending(ctx, item, changes, accountIds))];
  // An account recognised as another one keeps no transactions of its own.
  const notCounted = await ctx.repo.notCountedAccountIds(item.id);
  const upserts = changes.upserts.filter((t) => {
    const id = accountIds.get(t.accountId);
    return !(id && notCounted.has(id));
  });
  await heartbeat();
  await ctx.repo.applySync(
    item,
    { upserts, removed, cursor: changes.cursor ?? '', accountIds, at: ctx.now() },
    async () => {
      await setImmediate();
      await heartbeat();
    },
  );
  // What the source says needs the person (a bank to log in to again at the SimpleFIN
  // Bridge…) is shown on the accounts, and the connection needs attention until it stops.
  await ctx.repo.updateItem(
    item.id,
    changes.notices.length > 0
      ? {
          status: 'login_required',
          lastSyncError: 'SOURCE_NOTICES',
          sourceMessages: changes.notices,
        }
      : { sourceMessages: null },
  );
  await afterSync(ctx, item, true);
}

/**
 * Syncs an item under its lease. Run by a job, the lease is the job attempt's: a later attempt of
 * the same job takes over a lease an earlier one left (the queue only runs the job again once it
 * gave up on that attempt: it failed, expired, or its process's heartbeat stopped), instead of
 * waiting for it to lapse; the earlier attempt, if it still ran, loses the lease at its next page.
 */
export async function syncItem(
  ctx: BankingContext,
  itemId: string,
  reason: SyncReason = 'daily',
  job?: { jobId: string; attempt: number },
): Promise<void> {
  const owner = job ? `job:${job.jobId}:${job.attempt}` : crypto.randomUUID();
  const takeOverFrom = job ? `job:${job.jobId}:` : undefined;
  if (!(await ctx.repo.takeSyncLease(itemId, owner, SYNC_LEASE_SECONDS, takeOverFrom))) {
    // Another sync of this item is running (or died recently and its lease has not lapsed).
    if (await ctx.repo.item(itemId))
      await ctx.enqueueSync(itemId, reason, undefined, SYNC_BUSY_DELAY_SECONDS);
    return;
  }
  try {
    await syncHoldingLease(ctx, itemId, async () => {
      if (!(await ctx.repo.takeSyncLease(itemId, owner, SYNC_LEASE_SECONDS)))
        throw new SyncLeaseLostError(`the sync lease of item ${itemId} was lost`);
    });
  } finally {
    await ctx.repo.releaseSyncLease(itemId, owner);
  }
}

/** Forgets every item's sync lease; for a process that knows it is the only one syncing. */
export async function releaseSyncLeases(ctx: BankingContext) {
  await ctx.repo.releaseAllSyncLeases();
}
