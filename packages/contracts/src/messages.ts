/**
 * User-facing texts of the shared request helper (spec part 1 §7, part 2 §7–8). Words are
 * requirements: change them only when the spec changes.
 */
export const requestMessages = {
  httpError: (status: number) => `HTTP error! status: ${status}`,
  authenticationFailed: 'Authentication failed. Please log in again.',
  network: 'Network error. Please check your connection and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export const appMessages = {
  notFound: 'Oops! Page not found',
  unexpectedError: 'Unexpected Application Error!',
} as const;

/** Sign-in and session texts (spec part 1 §8). */
export const authMessages = {
  notConfirmed: 'Please confirm your account before signing in.',
  notAuthorized: 'Invalid phone number or password.',
  signInFailed: 'Sign in failed. Please try again.',
  noTokens: 'Authentication failed',
  refreshInvalid: 'Refresh token is invalid or expired. Please sign in again.',
  refreshMissingTokens: 'Failed to refresh tokens. Please sign in again.',
  refreshFailed: 'Failed to refresh tokens. Please try again.',
  createAccountFailed: 'Failed to create account. Please try again.',
  userExists: 'A user with this phone number already exists',
  invalidCode: 'Invalid verification code. Please check your code and try again.',
  notAuthorizedAction: 'User is not authorized to perform this action.',
  confirmFailed: 'Failed to confirm account. Please try again.',
  confirmSignInFailed: 'Failed to confirm sign in. Please try again.',
  authenticationFailed: 'Authentication failed. Please try again.',
  updateLegalNameFailed: 'Failed to update legal name. Please try again.',
  loginFailed: 'Failed to login user',
  fetchUserFailed: 'Failed to fetch user',
  enterCode: 'Please enter a verification code',
  enterLegalName: 'Please enter your full legal name',
} as const;

/** Profile texts (spec part 1 §8). */
export const profileMessages = {
  loadFailed: 'Failed to load profile data. Please try again.',
  settingsFailed: 'Failed to update profile settings. Please try again.',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  updateFailed: 'Failed to update profile. Please try again.',
  deleteFailed: 'Failed to delete account. Please try again.',
  deleteNeedsAuth: 'Authentication required to delete account.',
  setPrimaryFailed: 'Failed to set primary payment account. Please try again.',
  removeAccountFailed: 'Failed to remove account. Please try again.',
  noEmail: 'Unable to verify email. Please ensure you have an email address set.',
  sendVerificationFailed: 'Failed to send verification email. Please try again.',
  invalidEmailCode: 'Invalid verification code. Please try again.',
  verifyEmailFailed: 'Failed to verify email code. Please try again.',
  enterValidCode: 'Please enter a valid verification code.',
  exportFailed: 'Failed to download your data. Please try again.',
} as const;

/** The bank-linking provider the screens name (spec part 1 §1). */
export const LINKING_PROVIDER_NAME = 'Plaid';

/** Bank-linking texts (spec part 1 §8). */
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
