/**
 * Plaid's error codes (https://plaid.com/docs/errors/) in the port's words. The Plaid adapter
 * translates what Plaid answers; the sandbox bank, which behaves like Plaid's sandbox, raises its
 * errors with Plaid's codes through the same table.
 */
import { BankProviderError, type BankProviderErrorCode } from './bank-provider';

const PORT_CODES: Record<string, BankProviderErrorCode> = {
  ITEM_LOGIN_REQUIRED: 'login-required',
  PENDING_DISCONNECT: 'pending-disconnect',
  PENDING_EXPIRATION: 'pending-disconnect',
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: 'sync-restart',
  INVALID_PUBLIC_TOKEN: 'link-session-invalid',
  INVALID_LINK_TOKEN: 'link-session-invalid',
  INVALID_ACCESS_TOKEN: 'access-revoked',
  ITEM_NOT_FOUND: 'access-revoked',
  INTERNAL_SERVER_ERROR: 'unavailable',
  PLANNED_MAINTENANCE: 'unavailable',
  INSTITUTION_DOWN: 'unavailable',
  INSTITUTION_NOT_RESPONDING: 'unavailable',
  PROVIDER_UNREACHABLE: 'unavailable',
  RATE_LIMIT_EXCEEDED: 'unavailable',
};

/**
 * Error types that mean "try again later" whatever the code: Plaid's rate-limit codes differ per
 * endpoint (ACCOUNTS_LIMIT, TRANSACTIONS_SYNC_LIMIT, …) but share the type RATE_LIMIT_EXCEEDED,
 * and API_ERROR is Plaid's own trouble.
 */
const WAIT_TYPES = new Set(['RATE_LIMIT_EXCEEDED', 'API_ERROR']);

export function plaidError(
  plaidCode: string,
  message: string,
  plaidType?: string,
): BankProviderError {
  const code =
    PORT_CODES[plaidCode] ?? (WAIT_TYPES.has(plaidType ?? '') ? 'unavailable' : 'rejected');
  return new BankProviderError(code, message, plaidCode);
}
