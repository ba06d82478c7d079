/**
 * The bank-data port, shaped after Plaid (https://plaid.com/docs/api/): link tokens, public-token
 * exchange, accounts, cursor-based transaction sync, item removal and webhooks. The sandbox bank
 * and the Plaid adapter both implement it; core code never names a vendor.
 */
export type BankAccountType = 'depository' | 'credit' | 'loan' | 'investment' | 'other';

export type BankAccount = {
  accountId: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  type: BankAccountType;
  subtype: string | null;
  balances: { current: number | null; available: number | null; isoCurrencyCode: string | null };
  /** The account's own bank, for a source that brings several in one connection (SimpleFIN). */
  institution?: { name: string; domain: string | null };
};

export type BankTransaction = {
  transactionId: string;
  accountId: string;
  /** Dollars; above 0 is money leaving the account (Plaid's convention). */
  amount: number;
  isoCurrencyCode: string | null;
  date: string;
  authorizedDate: string | null;
  name: string;
  merchantName: string | null;
  pending: boolean;
  pendingTransactionId: string | null;
};

export type SyncPage = {
  added: BankTransaction[];
  modified: BankTransaction[];
  removed: { transactionId: string; accountId: string }[];
  nextCursor: string;
  hasMore: boolean;
  /**
   * False while the bank has not yet sent the item's first transactions (Plaid's NOT_READY,
   * right after a link): the page is empty for that reason, not because nothing happened.
   */
  isReady?: boolean;
};

export type Institution = { institutionId: string; name: string; domain: string | null };

export type LinkTokenRequest = {
  /** An opaque, non-personal reference to the user (Plaid's client_user_id). */
  clientUserRef: string;
  /** Update mode: repair this item instead of linking a new one. */
  accessToken?: string;
};

export type BankWebhook =
  | { kind: 'sync-updates-available'; itemId: string }
  | { kind: 'login-required'; itemId: string }
  | { kind: 'pending-disconnect'; itemId: string }
  /** The person withdrew Billow's access at the bank or Plaid: linking again is the only fix. */
  | { kind: 'access-revoked'; itemId: string }
  | { kind: 'login-repaired'; itemId: string }
  /** Bank transfers (ACH debits Billow made) have new events to read: a return, a settlement. */
  | { kind: 'transfer-events-update'; itemId: null }
  | { kind: 'ignored'; itemId: string | null; code: string };

/**
 * What went wrong at the bank, in the port's own words; each adapter translates its vendor's
 * codes, so core code never names one.
 */
export type BankProviderErrorCode =
  /** The person must log in at their bank again (update mode). */
  | 'login-required'
  /** The item's access ends soon unless the person logs in again. */
  | 'pending-disconnect'
  /** The data moved while a sync was paging: restart the loop from its first cursor. */
  | 'sync-restart'
  /** The public or link token expired or was used already. */
  | 'link-session-invalid'
  /** The access token is not valid (revoked, removed). */
  | 'access-revoked'
  /** The provider could not be reached or failed on its side. */
  | 'unavailable'
  /** Anything else the provider refused. */
  | 'rejected';

export class BankProviderError extends Error {
  override name = 'BankProviderError';
  constructor(
    readonly code: BankProviderErrorCode,
    message: string,
    /** The vendor's own code (e.g. Plaid's ITEM_LOGIN_REQUIRED), for logs and the sandbox. */
    readonly vendorCode: string = code,
  ) {
    super(message);
  }
}

/** Which Link the web app opens for this provider (the link-token response says so). */
export type BankLinkKind = 'sandbox' | 'plaid';

export type BankProvider = {
  /** Which Link dialog the web app must open to link an item at this provider. */
  linkKind: BankLinkKind;
  /** Origins the web app must be allowed to load scripts and frames from for that Link. */
  webOrigins: string[];
  /**
   * For a provider that delivers webhooks in-process (the sandbox bank) rather than over HTTP:
   * where to deliver them. Providers with HTTP webhooks ignore it.
   */
  onWebhook?(listener: (webhook: BankWebhook) => Promise<void>): void;
  createLinkToken(request: LinkTokenRequest): Promise<{ linkToken: string; expiration: string }>;
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  getItem(accessToken: string): Promise<{ itemId: string; institution: Institution | null }>;
  getAccounts(accessToken: string): Promise<BankAccount[]>;
  syncTransactions(accessToken: string, cursor: string | null): Promise<SyncPage>;
  removeItem(accessToken: string): Promise<void>;
  /** Checks a webhook's signature and reads it; undefined when it is not genuine. */
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<BankWebhook | undefined>;
};
