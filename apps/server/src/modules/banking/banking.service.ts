/**
 * Bank linking and syncing, vendor-neutral: it speaks only the BankProvider port.
 * - A link token is for a new item, or for repairing one that needs the person to log in again.
 * - A link result stores the item (access token encrypted) and its accounts, and enqueues the
 *   first sync in the same transaction, so there is never an item nobody will sync.
 * - A sync reads every page to has_more=false first, then applies them in one transaction; when
 *   the provider says the data moved during paging, the whole loop starts again (Plaid's advice).
 */
import type { LinkedAccount, TransactionLoadStatus } from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobQueue } from '../../jobs/job-system';
import {
  BankProviderError,
  type BankProvider,
  type BankTransaction,
  type BankWebhook,
} from '../../providers/bank/bank-provider';
import type { FieldCipher } from '../../security/encryption';
import type { BankingRepo, BankItemRow } from './banking.repo';

export type SyncReason = 'initial' | 'webhook' | 'daily' | 'repair';

export type BankingServiceDeps = {
  db: Db;
  repo: BankingRepo;
  provider: BankProvider;
  cipher: FieldCipher;
  /** An opaque per-user reference for the provider (never the user id itself). */
  clientUserRef: (userId: string) => string;
  /** Syncs run as jobs; after each, detection runs as a job of its own (subscriptions-detect). */
  jobs: JobQueue<AppJobMap>;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
};

const notFound = () => new ProblemError('not-found', 'This account was not found.');
const MAX_SYNC_RESTARTS = 3;

export function createBankingService(deps: BankingServiceDeps) {
  const now = deps.clock ?? (() => new Date());
  const tokenOf = (item: BankItemRow) => deps.cipher.decrypt(item.accessTokenEncrypted);
  const enqueueSync = async (itemId: string, reason: SyncReason, tx?: Db) => {
    await deps.jobs.send(
      'bank-transaction-sync',
      { itemId, reason },
      { singletonKey: itemId, ...(tx ? { tx } : {}) },
    );
  };

  async function readAllPages(item: BankItemRow) {
    for (let attempt = 0; ; attempt++) {
      const upserts = new Map<string, BankTransaction>();
      const removed = new Set<string>();
      let cursor = item.cursor;
      try {
        for (;;) {
          const page = await deps.provider.syncTransactions(tokenOf(item), cursor);
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
            return { upserts: [...upserts.values()], removed: [...removed], cursor };
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

  return {
    async linkedAccounts(userId: string): Promise<LinkedAccount[]> {
      const rows = await deps.repo.accountsOf(userId);
      return rows.map(({ account, item }) => ({
        id: account.id,
        bankName: item.institutionName,
        bankWebsiteUrl: item.institutionDomain,
        lastFour: account.mask ?? '',
        accountType: account.type,
        accountSubType: account.subtype,
        active: account.isActive && item.status === 'active',
        is_primary_payment_account: account.isPrimaryPaymentAccount,
      }));
    },

    async createLinkToken(
      userId: string,
    ): Promise<{ linkToken: string; linkProvider: BankProvider['linkKind'] }> {
      const items = await deps.repo.itemsOf(userId);
      const needsRepair = items.find((item) => item.status !== 'active');
      const { linkToken } = await deps.provider.createLinkToken({
        clientUserRef: deps.clientUserRef(userId),
        ...(needsRepair ? { accessToken: tokenOf(needsRepair) } : {}),
      });
      return { linkToken, linkProvider: deps.provider.linkKind };
    },

    async completeLink(userId: string, publicToken: string): Promise<{ status: 'success' }> {
      let exchanged;
      try {
        exchanged = await deps.provider.exchangePublicToken(publicToken);
      } catch (error) {
        if (error instanceof BankProviderError) {
          throw new ProblemError(
            'bad-request',
            'This link session is no longer valid. Please link your account again.',
          );
        }
        throw error;
      }
      const existing = await deps.repo.itemByProviderId(exchanged.itemId);
      if (existing) {
        if (existing.userId !== userId)
          throw new ProblemError('forbidden', 'This bank login belongs to another account.');
        // Update mode: the same item, logged in again.
        await deps.repo.updateItem(existing.id, {
          accessTokenEncrypted: deps.cipher.encrypt(exchanged.accessToken),
          status: 'active',
        });
        await deps.repo.refreshUpdateRequired(userId);
        await enqueueSync(existing.id, 'repair');
        return { status: 'success' };
      }
      const [{ institution }, accounts] = await Promise.all([
        deps.provider.getItem(exchanged.accessToken),
        deps.provider.getAccounts(exchanged.accessToken),
      ]);
      await deps.db.transaction(async (tx) => {
        const item = await deps.repo.insertItem(
          tx,
          {
            userId,
            providerItemId: exchanged.itemId,
            accessTokenEncrypted: deps.cipher.encrypt(exchanged.accessToken),
            institution: {
              id: institution?.institutionId ?? null,
              name: institution?.name ?? 'Your bank',
              domain: institution?.domain ?? null,
            },
          },
          accounts,
        );
        await enqueueSync(item.id, 'initial', tx);
      });
      return { status: 'success' };
    },

    async transactionLoadStatus(userId: string): Promise<TransactionLoadStatus> {
      const items = await deps.repo.itemsOf(userId);
      const synced = items.flatMap((item) =>
        item.lastSyncedAt ? [item.lastSyncedAt.getTime()] : [],
      );
      const isSynced = items.length > 0 && items.every((item) => item.initialSyncedAt !== null);
      return {
        isAccountLinked: items.length > 0,
        transactionsLoaded:
          isSynced && !(await deps.jobs.isPending('subscriptions-detect', userId)),
        lastSyncedAt: synced.length > 0 ? new Date(Math.max(...synced)).toISOString() : null,
      };
    },

    async setPrimaryPaymentAccount(userId: string, accountId: string) {
      const account = await deps.repo.accountOf(userId, accountId);
      if (!account) throw notFound();
      if (!account.isActive || account.type !== 'depository') {
        throw new ProblemError(
          'bad-request',
          'Only an active checking or savings account can be the primary payment account.',
        );
      }
      await deps.repo.setPrimary(userId, accountId);
      return { success: true as const };
    },

    async deleteFinancialAccount(userId: string, accountId: string) {
      const account = await deps.repo.accountOf(userId, accountId);
      if (!account) throw notFound();
      const { isItemEmpty } = await deps.repo.deleteAccount(account);
      if (isItemEmpty) {
        const item = await deps.repo.item(account.itemId);
        if (item) {
          await deps.repo.deleteItem(item.id);
          await deps.repo.refreshUpdateRequired(userId);
          // The login is gone on our side either way; tell the provider to forget it too.
          await deps.provider.removeItem(tokenOf(item)).catch((error: unknown) => {
            deps.log?.warn(
              { err: error, itemId: item.id },
              'could not revoke the item at the provider',
            );
          });
        }
      }
      return { success: true as const };
    },

    /**
     * The access token of one of the person's own items, found by one of its accounts; for the
     * sandbox bank's test tools, which act at the bank on that item.
     */
    async ownItemAccessToken(userId: string, financialAccountId: string): Promise<string> {
      const account = await deps.repo.accountOf(userId, financialAccountId);
      const item = account && (await deps.repo.item(account.itemId));
      if (!item) throw notFound();
      return tokenOf(item);
    },

    /** Revokes every item of a person at the provider (their account is being deleted). */
    async revokeAll(userId: string) {
      for (const item of await deps.repo.itemsOf(userId)) {
        await deps.provider.removeItem(tokenOf(item)).catch((error: unknown) => {
          deps.log?.warn(
            { err: error, itemId: item.id },
            'could not revoke the item at the provider',
          );
        });
      }
    },

    async syncItem(itemId: string): Promise<void> {
      const item = await deps.repo.item(itemId);
      if (!item) return; // removed since the job was queued
      try {
        const accountIds = await deps.repo.accountIdsByProviderId(item.id);
        const changes = await readAllPages(item);
        if (changes.upserts.some((t) => !accountIds.has(t.accountId))) {
          // A new account appeared at the bank: store it before its transactions.
          await deps.db.transaction(async (tx) =>
            deps.repo.upsertAccounts(tx, item, await deps.provider.getAccounts(tokenOf(item))),
          );
          for (const [k, v] of await deps.repo.accountIdsByProviderId(item.id))
            accountIds.set(k, v);
        }
        await deps.repo.applySync(item, { ...changes, accountIds, at: now() });
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
        throw error;
      }
      await deps.repo.refreshUpdateRequired(item.userId);
      // Detection follows as its own job; the loading screen waits for it (transactionsLoaded).
      await deps.db.transaction(async (tx) => {
        await deps.jobs.send(
          'subscriptions-detect',
          { userId: item.userId },
          { tx, singletonKey: item.userId },
        );
        await deps.repo.markInitialSynced(tx, item.id, now());
      });
    },

    async handleWebhook(webhook: BankWebhook) {
      if (!webhook.itemId) return;
      const item = await deps.repo.itemByProviderId(webhook.itemId);
      if (!item) return;
      switch (webhook.kind) {
        case 'sync-updates-available':
          await enqueueSync(item.id, 'webhook');
          return;
        case 'login-required':
        case 'pending-disconnect':
          await deps.repo.updateItem(item.id, {
            status: webhook.kind === 'login-required' ? 'login_required' : 'pending_disconnect',
          });
          await deps.repo.refreshUpdateRequired(item.userId);
          return;
        case 'login-repaired':
          await deps.repo.updateItem(item.id, { status: 'active' });
          await deps.repo.refreshUpdateRequired(item.userId);
          await enqueueSync(item.id, 'repair');
          return;
        case 'ignored':
          return;
      }
    },

    async enqueueDailySync() {
      for (const id of await deps.repo.activeItemIds()) await enqueueSync(id, 'daily');
    },
  };
}

export type BankingService = ReturnType<typeof createBankingService>;
