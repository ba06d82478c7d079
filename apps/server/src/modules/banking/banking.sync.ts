/**
 * Bank syncing (and finishing links interrupted after their exchange), vendor-neutral.
 * - One sync per item at a time, across processes: a sync holds the item's lease and renews it
 *   after every page (its heartbeat); a sync that finds the lease taken runs again a little later.
 *   A process that died stops renewing, and its lease lapses, so nothing waits on it for long.
 * - A sync reads every page to has_more=false first, then writes them in short batches, the
 *   cursor with the last (banking.repo `applySync`); when the provider says the data moved
 *   during paging, the whole loop starts again (Plaid's advice).
 */
import crypto from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobQueue } from '../../jobs/job-system';
import { BankProviderError, type BankTransaction } from '../../providers/bank/bank-provider';
import type { BankItemRow } from './banking.repo';
import type { BankingServiceDeps, SyncReason } from './banking.service';
import { createSimplefinSync } from './simplefin/simplefin.sync';

const MAX_SYNC_RESTARTS = 3;
/** A sync's hold on its item lapses this long after its last sign of life (a page read). */
export const SYNC_LEASE_SECONDS = 120;
/** When another sync of the item is running, try again this much later. */
export const SYNC_BUSY_DELAY_SECONDS = 15;
/**
 * How long a new item whose bank has sent nothing yet keeps its loading screen; after that the
 * first data, when the bank sends it, arrives by webhook or the daily sync.
 */
export const FIRST_DATA_WAIT_MS = 15 * 60_000;
/** The item's `lastSyncError` while its bank prepares the first data, and after the wait. */
export const NOT_READY = 'NOT_READY';

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

export function createBankSync(deps: BankingServiceDeps) {
  const now = deps.clock ?? (() => new Date());
  const tokenOf = (item: BankItemRow) => deps.cipher.decrypt(item.accessTokenEncrypted);
  const enqueueSync = syncEnqueuer(deps.jobs);
  // A SimpleFIN connection is read by date window, not through the Link provider's cursor.
  const syncSimplefin = createSimplefinSync({
    db: deps.db,
    repo: deps.repo,
    cipher: deps.cipher,
    client: deps.simplefin.client,
    now,
    ...(deps.log ? { log: deps.log } : {}),
  });

  /** Detection follows a sync as its own job; the loading screen waits for it. */
  async function afterSync(item: BankItemRow, hasNewData: boolean) {
    await deps.repo.refreshUpdateRequired(item.userId);
    await deps.db.transaction(async (tx) => {
      if (hasNewData)
        await deps.jobs.send(
          'subscriptions-detect',
          { userId: item.userId },
          { tx, singletonKey: item.userId },
        );
      await deps.repo.markInitialSynced(tx, item.id, now());
    });
  }

  /** Reads a pending item's institution and accounts and stores them; a no-op once done. */
  async function finishLink(item: BankItemRow): Promise<BankItemRow> {
    if (!item.isLinkPending) return item;
    const [{ institution }, accounts] = await Promise.all([
      deps.provider.getItem(tokenOf(item)),
      deps.provider.getAccounts(tokenOf(item)),
    ]);
    const values = {
      id: institution?.institutionId ?? null,
      name: institution?.name ?? 'Your bank',
      domain: institution?.domain ?? null,
    };
    await deps.db.transaction((tx) => deps.repo.finishLink(tx, item, values, accounts));
    return {
      ...item,
      institutionId: values.id,
      institutionName: values.name,
      institutionDomain: values.domain,
      isLinkPending: false,
    };
  }

  async function readAllPages(item: BankItemRow, heartbeat: () => Promise<void>) {
    for (let attempt = 0; ; attempt++) {
      const upserts = new Map<string, BankTransaction>();
      const removed = new Set<string>();
      let cursor = item.cursor;
      try {
        for (;;) {
          const page = await deps.provider.syncTransactions(tokenOf(item), cursor);
          await heartbeat();
          for (const t of [...page.added, ...page.modified]) {
            removed.delete(t.transactionId);
            upserts.set(t.transactionId, t);
          }
          for (const { transactionId } of page.removed) {
            upserts.delete(transactionId);
            removed.add(transactionId);
          }
          cursor = page.nextCursor;
          if (!page.hasMore)
            return {
              upserts: [...upserts.values()],
              removed: [...removed],
              cursor,
              isReady: page.isReady ?? true,
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
  async function waitForFirstData(item: BankItemRow) {
    const waited = now().getTime() - item.createdAt.getTime();
    if (waited >= FIRST_DATA_WAIT_MS) {
      await deps.db.transaction(async (tx) => {
        await deps.repo.markInitialSynced(tx, item.id, now());
      });
      return;
    }
    await deps.repo.updateItem(item.id, { lastSyncError: NOT_READY });
    // Asked again soon at first, then less often as the wait grows.
    const delay = waited < 30_000 ? 5 : waited < 120_000 ? 15 : 60;
    await enqueueSync(item.id, 'initial', undefined, delay);
  }

  /** One sync of an item whose lease the caller holds; `heartbeat` renews the lease. */
  async function syncHoldingLease(itemId: string, heartbeat: () => Promise<void>) {
    const stored = await deps.repo.item(itemId);
    // Removed since the job was queued, or imported from a file (nothing at a provider to read).
    if (!stored || stored.importSource !== null) return;
    if (stored.source === 'simplefin') {
      const outcome = await syncSimplefin(stored);
      // Skipped or stopped, the loading screen still ends: the accounts say why.
      await afterSync(stored, outcome === 'synced');
      return;
    }
    let item = stored;
    try {
      // A link stopped after its exchange is finished here, by its first sync.
      item = await finishLink(stored);
      const accountIds = await deps.repo.accountIdsByProviderId(item.id);
      const changes = await readAllPages(item, heartbeat);
      if (!changes.isReady && item.initialSyncedAt === null) {
        await waitForFirstData(item);
        return;
      }
      if (changes.upserts.some((t) => !accountIds.has(t.accountId))) {
        // A new account appeared at the bank: store it before its transactions.
        const accounts = await deps.provider.getAccounts(tokenOf(item));
        await deps.db.transaction(async (tx) => deps.repo.upsertAccounts(tx, item, accounts));
        for (const [k, v] of await deps.repo.accountIdsByProviderId(item.id)) accountIds.set(k, v);
      }
      await heartbeat();
      await deps.repo.applySync(item, { ...changes, accountIds, at: now() }, async () => {
        await setImmediate();
        await heartbeat();
      });
    } catch (error) {
      if (
        error instanceof BankProviderError &&
        (error.code === 'login-required' || error.code === 'pending-disconnect')
      ) {
        await deps.repo.updateItem(item.id, {
          status: 'login_required',
          lastSyncError: error.vendorCode,
        });
        await deps.repo.refreshUpdateRequired(item.userId);
        return;
      }
      if (error instanceof BankProviderError && error.code === 'access-revoked') {
        await deps.repo.updateItem(item.id, { status: 'revoked', lastSyncError: error.vendorCode });
        await deps.repo.refreshUpdateRequired(item.userId);
        return;
      }
      throw error;
    }
    await afterSync(item, true);
  }

  return {
    /** Reads a pending item's institution and accounts and stores them; a no-op once done. */
    finishLink,

    /**
     * Syncs an item under its lease. Run by a job, the lease is the job attempt's: a later
     * attempt of the same job takes over a lease an earlier one left (the queue only runs the
     * job again once it gave up on that attempt: it failed, expired, or its process's heartbeat
     * stopped), instead of waiting for it to lapse; the earlier attempt, if it still ran, loses
     * the lease at its next page.
     */
    async syncItem(
      itemId: string,
      reason: SyncReason = 'daily',
      job?: { jobId: string; attempt: number },
    ): Promise<void> {
      const owner = job ? `job:${job.jobId}:${job.attempt}` : crypto.randomUUID();
      const takeOverFrom = job ? `job:${job.jobId}:` : undefined;
      if (!(await deps.repo.takeSyncLease(itemId, owner, SYNC_LEASE_SECONDS, takeOverFrom))) {
        // Another sync of this item is running (or died recently and its lease has not lapsed).
        if (await deps.repo.item(itemId))
          await enqueueSync(itemId, reason, undefined, SYNC_BUSY_DELAY_SECONDS);
        return;
      }
      try {
        await syncHoldingLease(itemId, async () => {
          if (!(await deps.repo.takeSyncLease(itemId, owner, SYNC_LEASE_SECONDS)))
            throw new SyncLeaseLostError(`the sync lease of item ${itemId} was lost`);
        });
      } finally {
        await deps.repo.releaseSyncLease(itemId, owner);
      }
    },

    /** Forgets every item's sync lease; for a process that knows it is the only one syncing. */
    async releaseSyncLeases() {
      await deps.repo.releaseAllSyncLeases();
    },
  };
}
