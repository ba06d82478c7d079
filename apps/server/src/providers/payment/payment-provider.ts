/**
 * The payment port: debits from a person's linked bank account by ACH, shaped after Plaid
 * Transfer (https://plaid.com/docs/api/products/transfer/): an authorization first (approved, or
 * declined for NSF or RISK), then the transfer on that authorization, then the transfer's events
 * read by a cursor (posted, settled, returned …). The sandbox ledger and the Plaid Transfer
 * adapter both implement it; core code never names a vendor.
 */

/**
 * Where the money comes from, as core code sees it: an opaque handle the banking module issues
 * for an account whose source supports debits. Core code never holds a bank credential; an
 * adapter turns the handle into what its vendor needs through a `DebitCredentialsResolver` the
 * composition root wires from banking (docs/payments.md, "Which accounts can pay").
 */
export type DebitHandle = string & { readonly __debitHandle: true };

/** What an adapter needs to debit at the bank: the item's access token and the bank's account id. */
export type DebitCredentials = { accessToken: string; accountId: string };

/**
 * The banking module's answer for a handle: the credentials, or undefined when the account can no
 * longer be debited (removed, its login revoked, or a source that cannot debit).
 */
export type DebitCredentialsResolver = (
  handle: DebitHandle,
) => Promise<DebitCredentials | undefined>;

export type DebitRequest = {
  account: DebitHandle;
  amountCents: number;
  /** The same key always answers with the same authorization or transfer (retries are safe). */
  idempotencyKey: string;
  /** The account holder's legal name (ACH needs it). */
  legalName: string;
};

/**
 * Why a debit was not authorized: NSF (not enough money), RISK, ACTION_REQUIRED (the person must
 * go through their bank's Link again for this authorization before it can be decided),
 * CONSENT_REQUIRED (the bank link was made without consent to debits: the person gives it in
 * Link's update mode), LIMIT_REACHED (a transfer limit), OTHER.
 */
export type DeclineRationale =
  'NSF' | 'RISK' | 'ACTION_REQUIRED' | 'CONSENT_REQUIRED' | 'LIMIT_REACHED' | 'OTHER';

export type DebitAuthorization =
  | { decision: 'approved'; authorizationId: string }
  | {
      decision: 'declined';
      rationale: DeclineRationale;
      description: string;
      /** What the account held when it was declined, when the provider says. */
      availableBalanceCents?: number;
      /** ACTION_REQUIRED: the authorization the person completes in Link before trying again. */
      authorizationId?: string;
    };

export type TransferEventType = 'pending' | 'posted' | 'settled' | 'returned' | 'failed' | 'other';

export type TransferEvent = {
  eventId: number;
  transferId: string;
  type: TransferEventType;
  /** The ACH return code of a returned debit (R01 insufficient funds, …). */
  returnCode: string | null;
  timestamp: string;
};

export type PaymentProvider = {
  authorizeDebit(request: DebitRequest): Promise<DebitAuthorization>;
  createDebit(request: DebitRequest & { authorizationId: string; description: string }): Promise<{
    transferId: string;
    /** When the provider expects the debit to settle (ISO 8601), when it says. */
    expectedSettlementAt?: string;
  }>;
  /** Events after `afterId`, oldest first. */
  syncEvents(afterId: number): Promise<{ events: TransferEvent[]; hasMore: boolean }>;
};

/** The provider could not be reached or refused the request outright (a job retries it). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly vendorCode: string = 'unavailable',
  ) {
    super(message);
  }
}

/**
 * The credentials for a handle, for an adapter; a handle banking no longer honours (the account
 * removed or its login revoked since) is refused like an unknown account at the bank.
 */
export async function credentialsFor(
  resolve: DebitCredentialsResolver,
  handle: DebitHandle,
): Promise<DebitCredentials> {
  const credentials = await resolve(handle);
  if (!credentials)
    throw new PaymentProviderError('The account can no longer be debited', 'ACCOUNT_NOT_DEBITABLE');
  return credentials;
}
