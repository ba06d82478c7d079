/**
 * One sync of a SimpleFIN Bridge connection (docs/banking.md, "SimpleFIN Bridge"). SimpleFIN has
 * no cursor: each sync asks for a date window — as far back as the Bridge gives on the first
 * (Billow asks for 90 days), then from a few days before the last sync, so a late-posting
 * transaction is never missed — and upserts what comes back by a stable id, so overlapping
 * windows never import anything twice. A pending transaction the window no longer lists has been
 * replaced by its posted form (or dropped by the bank) and goes.
 *
 * The Bridge allows about 24 requests a day per connection: every request is recorded on the
 * item, and a sync past the quota asks nothing and waits for the next daily sync (never a retry
 * loop).
 */
import { dollarsToCents } from '@billow/contracts';
import type {
  BankAccount,
  BankAccountType,
  BankTransaction,
} from '../../../providers/bank/bank-provider';
import { BankProviderError } from '../../../providers/bank/bank-provider';
import type { BankItemRow, BankingRepo } from '../banking.repo';
import type { Db } from '../../../db/database';
import type { FieldCipher } from '../../../security/encryption';
import {
  SimplefinError,
  type SimplefinAccount,
  type SimplefinClient,
  type SimplefinTransaction,
} from './simplefin-client';

export const SIMPLEFIN_FIRST_SYNC_DAYS = 90;
export const SIMPLEFIN_OVERLAP_DAYS = 5;
/** The Bridge's documented daily quota per connection. */
export const SIMPLEFIN_DAILY_REQUESTS = 24;
/** The item's `lastSyncError` when a sync was skipped to stay within the quota. */
export const SIMPLEFIN_RATE_LIMITED = 'SIMPLEFIN_RATE_LIMITED';

const DAY_MS = 86_400_000;
const ID_PREFIX = 'simplefin:';

/** What the person is told when the Bridge stops answering for the connection. */
export const SIMPLEFIN_REVOKED_MESSAGE =
  'SimpleFIN Bridge no longer gives Billow access to this account. Create a new setup token in your SimpleFIN Bridge account and connect again.';
export const SIMPLEFIN_PAYMENT_MESSAGE =
  'Your SimpleFIN Bridge subscription needs renewing before new transactions can arrive.';

const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/** SimpleFIN has no account type: the name is the best clue there is. */
function typeOf(name: string): { type: BankAccountType; subtype: string | null } {
  if (/credit|card|visa|mastercard|amex|discover/i.test(name))
    return { type: 'credit', subtype: 'credit card' };
  if (/loan|mortgage|heloc/i.test(name)) return { type: 'loan', subtype: null };
  if (/brokerage|invest|401k|\bira\b|retire/i.test(name))
    return { type: 'investment', subtype: null };
  if (/saving/i.test(name)) return { type: 'depository', subtype: 'savings' };
  return { type: 'depository', subtype: 'checking' };
}

const amountOf = (decimal: string | undefined) => {
  if (decimal === undefined) return null;
  const value = Number(decimal);
  return Number.isFinite(value) ? value : null;
};

export function mapSimplefinAccount(account: SimplefinAccount): BankAccount {
  const { type, subtype } = typeOf(account.name);
  // Money owed reads negative in SimpleFIN; a card's balance is what is owed, as Plaid shows it.
  const owed = type === 'credit' || type === 'loan' ? -1 : 1;
  const current = amountOf(account.balance);
  const available = amountOf(account['available-balance']);
  return {
    accountId: `${ID_PREFIX}${account.id}`,
    name: account.name,
    officialName: null,
    mask: /(\d{4})\D*$/.exec(account.name)?.[1] ?? null,
    type,
    subtype,
    balances: {
      current: current === null ? null : current * owed,
      available: available === null ? null : available * owed,
      // A custom currency is a URL in SimpleFIN; only ISO codes are kept.
      isoCurrencyCode: /^[A-Z]{3}$/.test(account.currency) ? account.currency : null,
    },
    institution: {
      name: account.org?.name ?? account.org?.domain ?? 'Your bank',
      domain: account.org?.domain ?? null,
    },
  };
}

export function mapSimplefinTransaction(
  account: SimplefinAccount,
  transaction: SimplefinTransaction,
  today: Date,
): BankTransaction {
  const isPending = transaction.pending === true || transaction.posted === 0;
  const when = transaction.posted || transaction.transacted_at;
  return {
    // Transaction ids are unique within their account (the protocol), so the account is kept.
    transactionId: `${ID_PREFIX}${account.id}:${transaction.id}`,
    accountId: `${ID_PREFIX}${account.id}`,
    // SimpleFIN's money out is negative; Billow's (Plaid's) is positive.
    amount: -dollarsToCents(Number(transaction.amount)) / 100,
    isoCurrencyCode: /^[A-Z]{3}$/.test(account.currency) ? account.currency : null,
    date: when ? dateOf(when) : today.toISOString().slice(0, 10),
    authorizedDate: transaction.transacted_at ? dateOf(transaction.transacted_at) : null,
    name: transaction.description || transaction.payee || 'Transaction',
    merchantName: transaction.payee?.trim() || null,
    pending: isPending,
    pendingTransactionId: null,
  };
}

export type SimplefinSyncOutcome = 'synced' | 'skipped' | 'stopped';

export function createSimplefinSync(deps: {
  db: Db;
  repo: BankingRepo;
  cipher: FieldCipher;
  client: SimplefinClient;
  now: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const { repo } = deps;

  /** Records the request about to be made; false when the day's quota is spent. */
  async function takeRequest(item: BankItemRow, at: Date): Promise<boolean> {
    const recent = (item.sourceRequestTimes ?? []).filter(
      (time) => at.getTime() - Date.parse(time) < DAY_MS,
    );
    if (recent.length >= SIMPLEFIN_DAILY_REQUESTS) {
      await repo.updateItem(item.id, { lastSyncError: SIMPLEFIN_RATE_LIMITED });
      deps.log?.warn({ itemId: item.id }, 'SimpleFIN daily request quota reached; sync skipped');
      return false;
    }
    await repo.updateItem(item.id, { sourceRequestTimes: [...recent, at.toISOString()] });
    return true;
  }

  return async function syncSimplefin(item: BankItemRow): Promise<SimplefinSyncOutcome> {
    const at = deps.now();
    if (!(await takeRequest(item, at))) return 'skipped';
    const start = item.lastSyncedAt
      ? new Date(item.lastSyncedAt.getTime() - SIMPLEFIN_OVERLAP_DAYS * DAY_MS)
      : new Date(at.getTime() - SIMPLEFIN_FIRST_SYNC_DAYS * DAY_MS);
    // The end is exclusive; a day ahead keeps today's pending transactions in the window.
    const end = new Date(at.getTime() + DAY_MS);
    let set;
    try {
      set = await deps.client.accounts(deps.cipher.decrypt(item.accessTokenEncrypted), {
        start,
        end,
      });
    } catch (error) {
      if (!(error instanceof SimplefinError)) throw error;
      if (error.code === 'access-revoked' || error.code === 'payment-required') {
        await repo.updateItem(item.id, {
          status: error.code === 'access-revoked' ? 'revoked' : 'login_required',
          lastSyncError: `SIMPLEFIN_${error.code.toUpperCase().replace('-', '_')}`,
          sourceMessages: [
            error.code === 'access-revoked' ? SIMPLEFIN_REVOKED_MESSAGE : SIMPLEFIN_PAYMENT_MESSAGE,
          ],
        });
        return 'stopped';
      }
      // The job retries with back-off; the quota above bounds how often.
      throw new BankProviderError('unavailable', error.message, `SIMPLEFIN_${error.code}`);
    }

    const accounts = set.accounts.map(mapSimplefinAccount);
    await deps.db.transaction((tx) => repo.upsertAccounts(tx, item, accounts));
    const accountIds = await repo.accountIdsByProviderId(item.id);
    const upserts = set.accounts.flatMap((account) =>
      account.transactions.map((t) => mapSimplefinTransaction(account, t, at)),
    );
    const listed = new Set(upserts.map((t) => t.transactionId));
    const answeredAccounts = accounts.flatMap((a) => {
      const id = accountIds.get(a.accountId);
      return id ? [id] : [];
    });
    const removed = (
      await repo.pendingTransactionIds(item.id, answeredAccounts, start.toISOString().slice(0, 10))
    ).filter((id) => !listed.has(id));
    await repo.applySync(item, { upserts, removed, cursor: '', accountIds, at });
    // The Bridge's messages (a bank to log in to again at the Bridge…) are shown on the
    // accounts, and the connection needs the person's attention until they stop.
    await repo.updateItem(
      item.id,
      set.messages.length > 0
        ? {
            status: 'login_required',
            lastSyncError: 'SIMPLEFIN_ERRORS',
            sourceMessages: set.messages,
          }
        : { sourceMessages: null },
    );
    return 'synced';
  };
}
