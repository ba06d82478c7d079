/**
 * Bank-linking texts (docs/linking.md). Apart from `messages.ts`, so each screen's chunk carries
 * its own words and every page's first script only the shared ones. Words are
 * requirements: change them only on purpose, never in passing.
 */
/** The bank-linking provider the screens name (docs/linking.md). */
export const LINKING_PROVIDER_NAME = 'Plaid';

/** Bank-linking texts (docs/linking.md). */
export const linkingMessages = {
  tokenMissing: 'Failed to get link token',
  tokenUnexpected: 'An unexpected error occurred',
  resultNotSuccess: 'Failed to link account. Please try again.',
  resultFailed: 'An error occurred',
  cancelledOrFailed: 'Account linking was cancelled or failed. Please try again.',
  noSession: 'No active link session found. Please start the account linking process again.',
  statusFailed: 'Failed to check transaction status. Please try again.',
  statusInitialFailed: 'Failed to check initial transaction status',
  statusPollingFailed: 'Failed to check transaction status during polling',
} as const;
