/**
 * Sign-in and session texts (docs/sign-in.md). Apart from `messages.ts`, so each screen's chunk
 * carries its own words and every page's first script only the shared ones. Words are
 * requirements: change them only on purpose, never in passing.
 */
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
