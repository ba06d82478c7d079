/**
 * Bank linking and syncing, the same for every bank source: it speaks only the BankSource port
 * (docs/banking.md), and finds an item's source by where it is stored.
 * - A link token is for a new item, or for repairing one that needs the person to log in again.
 * - A link result stores the item (access token encrypted) the moment the public token is
 *   exchanged, with its first sync enqueued in the same transaction, and only then reads its
 *   institution and accounts. A public token works once, so if anything stops the link after the
 *   exchange (a crash, a lost connection), a retry of the same token or that first sync finishes
 *   it: no link is lost and no item is left at the bank that Billow cannot revoke.
 * - Syncing (one at a time per item, all pages then one transaction) is in banking.sync.ts.
 */
import crypto from 'node:crypto';
import {
  BANK_ALREADY_LINKED_DETAIL,
  PRIMARY_CANNOT_PAY_DETAIL,
  type BankSource as AccountSource,
  type LinkedAccount,
  type TransactionLoadStatus,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import type { PersonColumn } from '../../db/person-column';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import {
  BankProviderError,
  type BankLinkKind,
  type BankSource,
  type BankWebhook,
} from '../../providers/bank/bank-provider';
import type { DebitCredentials, DebitHandle } from '../../providers/payment/payment-provider';
import type { FieldCipher } from '../../security/encryption';
import type { BankingRepo, BankItemRow } from './banking.repo';
import { recogniseSameAccounts } from './banking.same-account';
import { linkedAccountsJson, toLinkedAccount, type LinkedAccountParts } from './linked-accounts';
import { createSetupTokenConnect } from './banking.setup-token';
import { createBankSync, NOT_READY, syncEnqueuer } from './banking.sync';

export type SyncReason = 'initial' | 'webhook' | 'daily' | 'repair';

export type BankingServiceDeps = {
  db: Db;
  repo: BankingRepo;
  /** Every source a connection can come from: one opened in a Link dialog, maybe others. */
  sources: BankSource[];
  cipher: FieldCipher;
  /** An opaque per-user reference for the provider (never the user id itself). */
  clientUserRef: (userId: string) => string;
  /** Syncs run as jobs; after each, detection runs as a job of its own (subscriptions-detect). */
  jobs: JobQueue<AppJobMap>;
  /** Whether connecting with a setup token (SimpleFIN Bridge) is offered; its items are read anyway. */
  isSetupTokenOffered: boolean;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
};

/** How often a held status check looks again. */
const STATUS_RECHECK_MS = 100;

/**
 * An account as the payments module sees it (docs/payments.md, "Which accounts can pay"): never a
 * credential, only whether a debit can come from it and whether the bank's data is there.
 */
export type PaymentAccount = {
  id: string;
  /** An open checking or savings account. */
  isOpenDepository: boolean;
  /** The account's source reads transactions only (SimpleFIN Bridge, a file): it cannot pay. */
  isReadOnlySource: boolean;
  /** The login works, the link is finished and the bank gave a balance: a debit can be decided. */
  isReady: boolean;
};

const notFound = () =>
  new ProblemError('not-found', 'This account was not found.', { code: 'account-not-found' });

const hashOf = (publicToken: string) =>
  crypto.createHash('sha256').update(publicToken).digest('hex');

export function createBankingService(deps: BankingServiceDeps) {
  const tokenOf = (item: BankItemRow) => deps.cipher.decrypt(item.accessTokenEncrypted);
  const enqueueSync = syncEnqueuer(deps.jobs);

  /** The source an item's connection is at; undefined for a file the person imported. */
  const sourceOf = (item: Pick<BankItemRow, 'importSource' | 'source'>): BankSource | undefined =>
    item.importSource === null
      ? deps.sources.find((source) => source.storageKey === item.source)
      : undefined;
  const link = deps.sources.find((source) => source.start.kind === 'link-dialog');
  if (link?.start.kind !== 'link-dialog') throw new Error('no bank source opens a Link dialog');
  const linkStart = link.start;
  /** Whether an item is a login through the Link dialog (not a setup token's, nor a file). */
  const isLinkLogin = (item: BankItemRow) => sourceOf(item) === link;
  const kindOf = (item: Pick<BankItemRow, 'importSource' | 'source'>): AccountSource =>
    sourceOf(item)?.kind ?? 'file';
  const sync = createBankSync({ ...deps, sourceOf });
  const { finishLink } = sync;

  /**
   * Whether a just-exchanged item is a bank login the person linked already: the same
   * institution with an account of the same name, mask and type (Plaid's duplicate-item check).
   */
  async function isAlreadyLinked(userId: string, accessToken: string): Promise<boolean> {
    const linked = await deps.repo.accountsOf(userId);
    if (linked.length === 0) return false;
    const { institution, accounts } = await link!.listAccounts(accessToken);
    if (!institution?.institutionId) return false;
    const sameKey = (name: string, mask: string | null, type: string) =>
      `${name}\u0001${mask ?? ''}\u0001${type}`;
    const known = new Set(
      linked
        .filter(({ item }) => item.institutionId === institution.institutionId)
        .map(({ account }) => sameKey(account.name, account.mask, account.type)),
    );
    return accounts.some((account) => known.has(sameKey(account.name, account.mask, account.type)));
  }

  /**
   * Whether the initial sync is still in progress past the bank's part: detection, then the
   * negotiation offers made from the bills it found (queued before detection completes, so
   * there is no moment between them). The loading screen waits for both, and the dashboard
   * opens with its cards filled instead of gaining offers only on a later visit
   * (docs/dashboard.md, "The dashboard section").
   */
  async function isInitialSyncInProgress(userId: string) {
    for (const job of ['subscriptions-detect', 'negotiations-refresh-offers'] as const)
      if (await deps.jobs.isPending(job, userId)) return true;
    return false;
  }

  async function currentLoadStatus(userId: string): Promise<TransactionLoadStatus> {
    const items = await deps.repo.itemsOf(userId);
    const synced = items.flatMap((item) =>
      item.lastSyncedAt ? [item.lastSyncedAt.getTime()] : [],
    );
    const isSynced = items.length > 0 && items.every((item) => item.initialSyncedAt !== null);
    const isBankPreparing = items.some(
      (item) => item.initialSyncedAt === null && item.lastSyncError === NOT_READY,
    );
    return {
      isAccountLinked: items.length > 0,
      transactionsLoaded: isSynced && !(await isInitialSyncInProgress(userId)),
      lastSyncedAt: synced.length > 0 ? new Date(Math.max(...synced)).toISOString() : null,
      ...(isBankPreparing ? { isBankPreparing: true as const } : {}),
    };
  }

  async function linkedAccounts(userId: string): Promise<LinkedAccount[]> {
    const rows = await deps.repo.accountsOf(userId);
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
        kindOf(item),
      ),
    );
  }

  /** The linked accounts, for a reader that asks for them in its own statement (the profile). */
  const linkedAccountsColumn: PersonColumn<LinkedAccount[]> = {
    of: linkedAccountsJson,
    read: (raw) => {
      const parts = (typeof raw === 'string' ? JSON.parse(raw) : raw) as LinkedAccountParts[];
      return parts.map((account) => toLinkedAccount(account, kindOf(account)));
    },
  };

  const connectWithSetupToken = createSetupTokenConnect({
    ...deps,
    source: deps.sources.find((source) => source.start.kind === 'setup-token'),
    syncItem: (itemId) => sync.syncItem(itemId, 'initial'),
    enqueueSync,
    linkedAccounts,
  });

  /** Whether a debit may come from an item's accounts: its source can debit them. */
  const canDebit = (item: BankItemRow) => sourceOf(item)?.canDebit === true;

  /** The account and its item when a debit may come from it now (not revoked, a debit source). */
  async function debitable(accountId: string) {
    const row = await deps.repo.accountWithItem(accountId);
    // An item the person revoked is never debited, even with a token that still works.
    if (!row || row.item.status === 'revoked' || !canDebit(row.item)) return undefined;
    return row;
  }

  /** Asks an item's source to forget it; a failure is only logged (Billow forgot it already). */
  async function disconnect(item: BankItemRow) {
    await sourceOf(item)
      ?.disconnect(tokenOf(item))
      .catch((error: unknown) => {
        deps.log?.warn({ err: error, itemId: item.id }, 'could not revoke the item at its source');
      });
  }

  return {
    linkedAccounts,
    linkedAccountsColumn,
    connectWithSetupToken,

    /**
     * For payments: the account named (the person's own), else the primary payment account, else
     * the person's first checking, then savings, account that can pay. Undefined when none.
     */
    async paymentAccountOf(
      userId: string,
      accountId: string | undefined,
    ): Promise<PaymentAccount | undefined> {
      const rows = await deps.repo.paymentCandidates(userId, accountId);
      const canPay = (row: (typeof rows)[number]) =>
        canDebit(row.item) && row.account.isActive && row.account.type === 'depository';
      const found = accountId
        ? rows[0]
        : // A primary account set before its source was known to be read-only is passed over.
          (rows.find((r) => r.account.isPrimaryPaymentAccount && canDebit(r.item)) ??
          rows.find((r) => canPay(r) && r.account.subtype === 'checking') ??
          rows.find(canPay));
      if (!found) return undefined;
      const { account, item } = found;
      return {
        id: account.id,
        isOpenDepository: account.isActive && account.type === 'depository',
        isReadOnlySource: !canDebit(item),
        isReady:
          item.status === 'active' &&
          !item.isLinkPending &&
          Boolean(account.providerAccountId) &&
          (account.availableBalanceCents !== null || account.currentBalanceCents !== null),
      };
    },

    /**
     * The opaque handle payments pass to the payment port for one of Billow's accounts, or
     * undefined when no debit may come from it (removed, revoked, a read-only source).
     */
    async debitHandleOf(accountId: string): Promise<DebitHandle | undefined> {
      const row = await debitable(accountId);
      return row && (row.account.id as DebitHandle);
    },

    /**
     * What a payment adapter needs for a handle: the composition root hands this to the adapter
     * only, so no other module ever holds a bank credential (docs/payments.md).
     */
    async debitCredentialsOf(handle: DebitHandle): Promise<DebitCredentials | undefined> {
      const row = await debitable(handle);
      return row && { accessToken: tokenOf(row.item), accountId: row.account.providerAccountId };
    },
    isSetupTokenOffered:
      deps.isSetupTokenOffered && deps.sources.some((s) => s.start.kind === 'setup-token'),

    async createLinkToken(
      userId: string,
    ): Promise<{ linkToken: string; linkProvider: BankLinkKind }> {
      const items = await deps.repo.itemsOf(userId);
      // A revoked item cannot be repaired in update mode: the person links the bank anew.
      const needsRepair = items.find(
        (item) => isLinkLogin(item) && item.status !== 'active' && item.status !== 'revoked',
      );
      const { linkToken } = await linkStart.createLinkToken({
        clientUserRef: deps.clientUserRef(userId),
        ...(needsRepair ? { accessToken: tokenOf(needsRepair) } : {}),
      });
      return { linkToken, linkProvider: linkStart.dialog };
    },

    /**
     * A link token for the bank of an account Billow debits, in Link's update mode, when the
     * bank needs the person before a debit can be authorized (docs/payments.md): consent to
     * debits on an item linked without it, or the action Plaid asks for one authorization.
     * Undefined when the account is not the person's or not at a Link provider.
     */
    async createPaymentLinkToken(
      userId: string,
      accountId: string,
      need: { transferAuthorizationId: string } | { isTransferConsent: true },
    ): Promise<{ linkToken: string; linkProvider: BankLinkKind } | undefined> {
      const account = await deps.repo.accountOf(userId, accountId);
      const item = account && (await deps.repo.item(account.itemId));
      if (!item || item.userId !== userId || !isLinkLogin(item)) return undefined;
      const { linkToken } = await linkStart.createLinkToken({
        clientUserRef: deps.clientUserRef(userId),
        accessToken: tokenOf(item),
        ...need,
      });
      return { linkToken, linkProvider: linkStart.dialog };
    },

    async completeLink(userId: string, publicToken: string): Promise<{ status: 'success' }> {
      const publicTokenHash = hashOf(publicToken);
      let exchanged;
      try {
        exchanged = await link.connect(publicToken);
      } catch (error) {
        if (error instanceof BankProviderError) {
          // A public token exchanges once. If this one already did, for this person, this is a
          // retry of a link whose answer never arrived: finish that link.
          const stored = await deps.repo.itemByLinkToken(userId, publicTokenHash);
          if (stored) {
            await finishLink(stored);
            return { status: 'success' };
          }
          throw new ProblemError(
            'bad-request',
            'This link session is no longer valid. Please link your account again.',
            { code: 'link-session-invalid' },
          );
        }
        throw error;
      }
      const accessTokenEncrypted = deps.cipher.encrypt(exchanged.credential);
      const existing = await deps.repo.itemByProviderId(exchanged.connectionId);
      if (existing) {
        if (existing.userId !== userId)
          throw new ProblemError('forbidden', 'This bank login belongs to another account.', {
            code: 'bank-login-taken',
          });
        // Update mode: the same item, logged in again.
        await deps.repo.updateItem(existing.id, {
          accessTokenEncrypted,
          linkPublicTokenHash: publicTokenHash,
          status: 'active',
        });
        await deps.repo.refreshUpdateRequired(userId);
        await enqueueSync(existing.id, 'repair');
        return { status: 'success' };
      }
      if (await isAlreadyLinked(userId, exchanged.credential)) {
        // Plaid's duplicate item: keep the first, and let the bank forget the second.
        await link.disconnect(exchanged.credential).catch((removeError: unknown) => {
          deps.log?.warn({ err: removeError }, 'could not revoke a duplicate item');
        });
        throw new ProblemError('conflict', BANK_ALREADY_LINKED_DETAIL, {
          code: 'bank-already-linked',
        });
      }
      let item: BankItemRow;
      try {
        item = await deps.db.transaction(async (tx) => {
          const pending = await deps.repo.insertPendingItem(tx, {
            userId,
            providerItemId: exchanged.connectionId,
            accessTokenEncrypted,
            linkPublicTokenHash: publicTokenHash,
            source: link.storageKey,
          });
          await enqueueSync(pending.id, 'initial', tx);
          return pending;
        });
      } catch (error) {
        // Nothing of this link could be kept: let the bank forget it too rather than orphan it.
        await link.disconnect(exchanged.credential).catch((removeError: unknown) => {
          deps.log?.warn({ err: removeError }, 'could not revoke an item that was not stored');
        });
        throw error;
      }
      await finishLink(item);
      return { status: 'success' };
    },

    /**
     * The load status; with `waitMs`, held until loading is done (or no account is linked) for
     * at most that long, so the loading screen hears of it at once rather than at its next poll.
     */
    async transactionLoadStatus(userId: string, waitMs = 0): Promise<TransactionLoadStatus> {
      const giveUpAt = Date.now() + waitMs;
      for (;;) {
        const status = await currentLoadStatus(userId);
        if (status.transactionsLoaded || !status.isAccountLinked || Date.now() >= giveUpAt)
          return status;
        await new Promise((resolve) => setTimeout(resolve, STATUS_RECHECK_MS));
      }
    },

    async setPrimaryPaymentAccount(userId: string, accountId: string) {
      const account = await deps.repo.accountOf(userId, accountId);
      if (!account) throw notFound();
      if (!account.isActive || account.type !== 'depository') {
        throw new ProblemError(
          'bad-request',
          'Only an active checking or savings account can be the primary payment account.',
          { code: 'account-not-eligible' },
        );
      }
      const item = await deps.repo.item(account.itemId);
      // The primary account is where payments come from (docs/payments.md).
      if (!item || !canDebit(item))
        throw new ProblemError('bad-request', PRIMARY_CANNOT_PAY_DETAIL, {
          code: 'account-cannot-pay',
        });
      await deps.repo.setPrimary(userId, accountId);
      return { success: true as const };
    },

    async deleteFinancialAccount(userId: string, accountId: string) {
      const account = await deps.repo.accountOf(userId, accountId);
      if (!account) throw notFound();
      // Accounts recognised as this one are counted again, read anew from their source.
      const sameItems = await deps.repo.itemsSameAs(account.id);
      const { isItemEmpty } = await deps.repo.deleteAccount(account);
      for (const itemId of sameItems) {
        await deps.repo.updateItem(itemId, { cursor: null, lastSyncedAt: null });
        await enqueueSync(itemId, 'repair');
      }
      if (isItemEmpty) {
        const item = await deps.repo.item(account.itemId);
        if (item) {
          await deps.repo.deleteItem(item.id);
          await deps.repo.refreshUpdateRequired(userId);
          // The connection is gone on our side either way; its source forgets it too where it
          // can (an imported file was never at one).
          await disconnect(item);
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
      if (!item || !isLinkLogin(item)) throw notFound();
      return tokenOf(item);
    },

    /** Revokes every item of a person at its source (their account is being deleted). */
    async revokeAll(userId: string) {
      for (const item of await deps.repo.itemsOf(userId)) await disconnect(item);
    },

    /**
     * Stops counting the person's accounts that are another one again (after a file import);
     * detection runs again when that took transactions away.
     */
    async recogniseSameAccounts(userId: string) {
      if (await recogniseSameAccounts(deps.repo, userId, (deps.clock ?? (() => new Date()))()))
        await deps.jobs.send('subscriptions-detect', { userId }, { singletonKey: userId });
    },

    syncItem: sync.syncItem,
    releaseSyncLeases: sync.releaseSyncLeases,

    async handleWebhook(webhook: BankWebhook) {
      if (webhook.kind === 'transfer-events-update') {
        // Read by the payments feature's job (returned debits claw back); one waits at a time.
        await deps.jobs.send('payment-sync-transfer-events', {}, { singletonKey: 'webhook' });
        return;
      }
      if (!webhook.itemId) return;
      const item = await deps.repo.itemByProviderId(webhook.itemId);
      if (!item) return;
      switch (webhook.kind) {
        case 'sync-updates-available':
          // A revoked item has nothing Billow may read; its notices are left.
          if (item.status !== 'revoked') await enqueueSync(item.id, 'webhook');
          return;
        case 'login-required':
        case 'pending-disconnect':
          await deps.repo.updateItem(item.id, {
            status: webhook.kind === 'login-required' ? 'login_required' : 'pending_disconnect',
          });
          await deps.repo.refreshUpdateRequired(item.userId);
          return;
        case 'access-revoked':
          await deps.repo.updateItem(item.id, { status: 'revoked' });
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
