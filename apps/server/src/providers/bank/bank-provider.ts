/**
 * The bank-data ports (docs/banking.md, "Where transactions come from").
 * - `BankSource` is what core code speaks: what every source of bank data has — connect (after a
 *   start step of its own: Link's dialog, or a setup token the person pastes), list accounts,
 *   fetch transactions since a point (a cursor, or the last sync for a source read by date
 *   window), disconnect, and events. Plaid, the sandbox bank and SimpleFIN Bridge are adapters
 *   of it; core code never names one.
 * - `BankProvider` is a Link-dialog bank's API, shaped after Plaid (https://plaid.com/docs/api/):
 *   the Plaid adapter and the sandbox bank implement it, and one adapter makes either a source.
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
  /** The accounts as this answer lists them, for a source that sends them with transactions. */
  accounts?: BankAccount[];
  /**
   * For a source read by date window: the answer lists every pending transaction of its
   * `accounts` dated from this day on, so one stored and not listed is gone (posted under another
   * id, or dropped by the bank). A source with a cursor says what it removed instead.
   */
  pendingListedFrom?: string;
  /** What the source says needs the person (shown on the accounts); none when absent or empty. */
  notices?: string[];
};

export type Institution = { institutionId: string | null; name: string; domain: string | null };

export type LinkTokenRequest = {
  /** An opaque, non-personal reference to the user (Plaid's client_user_id). */
  clientUserRef: string;
  /** Update mode: repair this item instead of linking a new one. */
  accessToken?: string;
  /** Update mode: the person consents to debits (Transfer) on the item they linked without it. */
  isTransferConsent?: boolean;
  /**
   * A debit authorization the bank answered "user action required": Link runs for it (Plaid's
   * `transfer.authorization_id`), and the debit is authorized again afterwards.
   */
  transferAuthorizationId?: string;
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
  /** The public or link token (or setup token) expired or was used already. */
  | 'link-session-invalid'
  /** What the person gave to connect is not a token of this source at all. */
  | 'token-invalid'
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
    /** What to tell the person on the accounts, when the source words it for them. */
    readonly notice?: string,
  ) {
    super(message);
  }
}

/** Which Link the web app opens for this provider (the link-token response says so). */
export type BankLinkKind = 'sandbox' | 'plaid';

/** A Link-dialog bank's API (Plaid's, or the sandbox bank's); `linkBankSource` makes it a source. */
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

/** Where a fetch starts: the source's own cursor, and when the connection was last read. */
export type SyncPoint = { cursor: string | null; lastSyncedAt: Date | null; now: Date };

/**
 * How a person starts a connection: in a Link dialog that answers a public token, or by pasting a
 * setup token made at the source. Either way, `connect` turns what the step gave into a stored
 * credential.
 */
export type ConnectStart =
  | {
      kind: 'link-dialog';
      dialog: BankLinkKind;
      /** Origins the web app must be allowed to load scripts and frames from for the dialog. */
      webOrigins: string[];
      createLinkToken(request: LinkTokenRequest): Promise<{ linkToken: string }>;
    }
  | { kind: 'setup-token' };

/** The source of an account as the person sees it (a file import is none of these). */
export type BankSourceKind = 'plaid' | 'sandbox' | 'simplefin';

export type BankSource = {
  kind: BankSourceKind;
  /**
   * How a connection of this source is marked where it is stored (`bank_items.source`):
   * 'provider' for the Link-dialog bank the configuration names, whichever it is.
   */
  storageKey: 'provider' | 'simplefin';
  /** Whether a payment may debit its accounts (a read-only source's cannot be). */
  canDebit: boolean;
  start: ConnectStart;
  /**
   * The requests a day the source allows per connection; unbounded when absent. Core counts
   * every request and asks nothing past it (docs/banking.md).
   */
  dailyRequestLimit?: number;
  connect(proof: string): Promise<{ credential: string; connectionId: string }>;
  listAccounts(
    credential: string,
  ): Promise<{ institution: Institution | null; accounts: BankAccount[] }>;
  /** One page of what changed since `since`; read again from the page's cursor while hasMore. */
  fetchTransactions(credential: string, since: SyncPoint): Promise<SyncPage>;
  /** Asks the source to forget the connection, where it has a way to (else nothing). */
  disconnect(credential: string): Promise<void>;
  events?: {
    /** Checks an HTTP webhook's signature and reads it; undefined when it is not genuine. */
    parse?(
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<BankWebhook | undefined>;
    /** For a source that delivers its events in-process (the sandbox bank). */
    subscribe?(listener: (webhook: BankWebhook) => Promise<void>): void;
  };
};
