/**
 * SimpleFIN Bridge as a bank source (docs/banking.md, "SimpleFIN Bridge"). The start step is a
 * setup token the person pastes, claimed once for an Access URL (the credential). SimpleFIN has no
 * cursor: each fetch asks for a date window — as far back as the Bridge gives on the first
 * (Billow asks for 90 days), then from a few days before the last sync, so a late-posting
 * transaction is never missed — with ids made from the Bridge's own, so overlapping windows never
 * import anything twice, and says it lists every pending transaction of the window (one no longer
 * listed has posted under another id, or was dropped). The Bridge allows about 24 requests a day
 * per connection; the protocol has no call to give up access, and accounts cannot be debited.
 */
import crypto from 'node:crypto';
import { dollarsToCents } from '@billow/contracts';
import {
  BankProviderError,
  type BankAccount,
  type BankAccountType,
  type BankSource,
  type BankTransaction,
} from '../bank-provider';
import {
  SimplefinError,
  type SimplefinAccount,
  type SimplefinClient,
  type SimplefinTransaction,
} from './simplefin-client';

const SIMPLEFIN_FIRST_SYNC_DAYS = 90;
export const SIMPLEFIN_OVERLAP_DAYS = 5;
/** The Bridge's documented daily quota per connection. */
export const SIMPLEFIN_DAILY_REQUESTS = 24;

const DAY_MS = 86_400_000;
const ID_PREFIX = 'simplefin:';

/** What the person is told when the Bridge stops answering for the connection. */
const SIMPLEFIN_REVOKED_MESSAGE =
  'SimpleFIN Bridge no longer gives Billow access to this account. Create a new setup token in your SimpleFIN Bridge account and connect again.';
const SIMPLEFIN_PAYMENT_MESSAGE =
  'Your SimpleFIN Bridge subscription needs renewing before new transactions can arrive.';

const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

type Kind = { type: BankAccountType; subtype: string | null };

/**
 * SimpleFIN has no account type: the name is the best clue there is (docs/banking.md). The
 * clues are tried in this order, so "Credit Union Savings" is savings and "Home Equity Line of
 * Credit" a loan, not a card; subtypes are Plaid's words.
 */
const NAME_CLUES: [RegExp, Kind][] = [
  [/home equity|\bheloc\b/i, { type: 'loan', subtype: 'home equity' }],
  [/line of credit|\bloc\b/i, { type: 'loan', subtype: 'line of credit' }],
  [/mortgage/i, { type: 'loan', subtype: 'mortgage' }],
  [/\b(auto|car|vehicle)\b.*\bloan\b/i, { type: 'loan', subtype: 'auto' }],
  [/student/i, { type: 'loan', subtype: 'student' }],
  [/\bloan\b/i, { type: 'loan', subtype: null }],
  [/\bhsa\b|health savings/i, { type: 'depository', subtype: 'hsa' }],
  [/money market|\bmma\b/i, { type: 'depository', subtype: 'money market' }],
  [/\bcds?\b|certificate/i, { type: 'depository', subtype: 'cd' }],
  [/saving/i, { type: 'depository', subtype: 'savings' }],
  [/checking|chequing/i, { type: 'depository', subtype: 'checking' }],
  [/\bira\b/i, { type: 'investment', subtype: 'ira' }],
  [/401\s*\(?k\)?/i, { type: 'investment', subtype: '401k' }],
  [/brokerage|invest|retire|\broth\b/i, { type: 'investment', subtype: null }],
  [
    /credit|\bcard\b|\bvisa\b|mastercard|\bamex\b|american express|discover/i,
    { type: 'credit', subtype: 'credit card' },
  ],
];

/** The account's type from its name, else from its balance: money owed reads as a card. */
function kindOf(name: string, balance: number | null): Kind {
  const clue = NAME_CLUES.find(([pattern]) => pattern.test(name));
  if (clue) return clue[1];
  return balance !== null && balance < 0
    ? { type: 'credit', subtype: 'credit card' }
    : { type: 'depository', subtype: null };
}

const amountOf = (decimal: string | undefined) => {
  if (decimal === undefined) return null;
  const value = Number(decimal);
  return Number.isFinite(value) ? value : null;
};

export function mapSimplefinAccount(account: SimplefinAccount): BankAccount {
  const current = amountOf(account.balance);
  const { type, subtype } = kindOf(account.name, current);
  // Money owed reads negative in SimpleFIN; a card's balance is what is owed, as Plaid shows it.
  const owed = type === 'credit' || type === 'loan' ? -1 : 1;
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

/** A SimpleFIN error during a fetch, in the port's words (the person's part as a notice). */
function portError(error: SimplefinError): BankProviderError {
  const vendorCode = `SIMPLEFIN_${error.code.toUpperCase().replace('-', '_')}`;
  if (error.code === 'access-revoked')
    return new BankProviderError(
      'access-revoked',
      error.message,
      vendorCode,
      SIMPLEFIN_REVOKED_MESSAGE,
    );
  if (error.code === 'payment-required')
    return new BankProviderError(
      'login-required',
      error.message,
      vendorCode,
      SIMPLEFIN_PAYMENT_MESSAGE,
    );
  if (error.code === 'token-invalid')
    return new BankProviderError('token-invalid', error.message, vendorCode);
  if (error.code === 'token-used')
    return new BankProviderError('link-session-invalid', error.message, vendorCode);
  // The job retries with back-off; the daily quota bounds how often.
  return new BankProviderError(
    error.code === 'rejected' ? 'rejected' : 'unavailable',
    error.message,
    vendorCode,
  );
}

async function speaking<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof SimplefinError ? portError(error) : error;
  }
}

export function createSimplefinBankSource(client: SimplefinClient): BankSource {
  return {
    kind: 'simplefin',
    storageKey: 'simplefin',
    // The Bridge is read-only: there is nothing to debit (docs/payments.md).
    canDebit: false,
    start: { kind: 'setup-token' },
    dailyRequestLimit: SIMPLEFIN_DAILY_REQUESTS,
    async connect(setupToken) {
      const accessUrl = await speaking(() => client.claim(setupToken));
      return { credential: accessUrl, connectionId: `simplefin:${crypto.randomUUID()}` };
    },
    async listAccounts(accessUrl) {
      const set = await speaking(() => client.accounts(accessUrl, 'balances-only'));
      // One Bridge can hold several banks: each account names its own.
      return {
        institution: { institutionId: null, name: 'SimpleFIN Bridge', domain: null },
        accounts: set.accounts.map(mapSimplefinAccount),
      };
    },
    async fetchTransactions(accessUrl, since) {
      const start = since.lastSyncedAt
        ? new Date(since.lastSyncedAt.getTime() - SIMPLEFIN_OVERLAP_DAYS * DAY_MS)
        : new Date(since.now.getTime() - SIMPLEFIN_FIRST_SYNC_DAYS * DAY_MS);
      // The end is exclusive; a day ahead keeps today's pending transactions in the window.
      const end = new Date(since.now.getTime() + DAY_MS);
      const set = await speaking(() => client.accounts(accessUrl, { start, end }));
      return {
        added: set.accounts.flatMap((account) =>
          account.transactions.map((t) => mapSimplefinTransaction(account, t, since.now)),
        ),
        modified: [],
        removed: [],
        nextCursor: '',
        hasMore: false,
        accounts: set.accounts.map(mapSimplefinAccount),
        pendingListedFrom: start.toISOString().slice(0, 10),
        notices: set.messages,
      };
    },
    // The protocol has no call for an app to give up its access: forgetting the Access URL is
    // all Billow can do, and the person may disable Billow in their Bridge account.
    disconnect: async () => {},
  };
}
