/**
 * The linking texts of spec part 1 §2 and §8, word for word. They live here rather than in
 * `@billow/contracts` only because the contracts have no linking messages yet; they are
 * requirements all the same.
 */
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

/** The screens' own words (spec part 1 §2). */
export const linkingTexts = {
  linkHeading: 'Connect the rest of your bills and subscriptions with',
  linkButton: 'Link my subscriptions',
  connecting: 'Connecting...',
  whichAccounts: 'Which accounts should I link?',
  dataProtected: 'How is my data protected?',
  backToProfile: 'Back to Profile',
  skip: 'Skip for now',
  oauthTitle: 'Connecting Your Account',
  preparing: 'Preparing your connection...',
  opening: 'Opening secure connection...',
  connected: 'Account Connected Successfully!',
  redirecting: 'Redirecting you to your dashboard...',
  connectionFailed: 'Connection Failed',
  tryAgain: 'Try Again',
  goBack: 'Go Back',
  loadingTitle: 'Loading Your Subscriptions',
  loadingError: 'Loading Error',
} as const;

/** The bank-linking provider the screens name (spec part 1 §1). */
export const LINKING_PROVIDER = 'Plaid';
