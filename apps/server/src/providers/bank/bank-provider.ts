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
  removed: { transactionId: string }[];
  nextCursor: string;
  hasMore: boolean;
};

export type Institution = { institutionId: string; name: string; domain: string | null };

export type LinkTokenRequest = {
  /** An opaque, non-personal reference to the user (Plaid's client_user_id). */
  clientUserRef: string;
  /** Update mode: repair this item instead of linking a new one. */
  accessToken?: string;
  webhookUrl?: string;
  redirectUri?: string;
};

export type BankWebhook =
  | { kind: 'sync-updates-available'; itemId: string }
  | { kind: 'login-required'; itemId: string }
  | { kind: 'pending-disconnect'; itemId: string }
  | { kind: 'login-repaired'; itemId: string }
  | { kind: 'ignored'; itemId: string | null; code: string };

/** A provider error with the provider's code (e.g. ITEM_LOGIN_REQUIRED, INVALID_LINK_TOKEN). */
export class BankProviderError extends Error {
  override name = 'BankProviderError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Plaid asks clients to restart a sync loop from its first cursor when data moved underneath. */
export const SYNC_MUTATION_DURING_PAGINATION = 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';

export type BankProvider = {
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
