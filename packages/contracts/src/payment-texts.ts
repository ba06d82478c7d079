/**
 * Screen texts of the annual-plan and payment screens (docs/annual-plans.md). No zod: the
 * dashboard's first screen shows them without loading the schemas.
 */
export const paymentMessages = {
  otherError: 'Payment failed. Please try again or contact support.',
  authenticationFailed: 'Authentication failed. Please log in again.',
  networkError: 'Network error. Please check your connection and try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  missingAccountOrSubscription: 'Missing account or subscription information',
  loadInstantSavingsFailed: 'Failed to load instant savings data. Please try again.',
  getGiftCardFailed: 'Failed to get gift card',
  loadGiftCardFailed: 'Failed to load gift card. Please try again.',
  tryAgain: 'Try Again',
  paymentOwed:
    'Your bank returned an earlier payment and it is still owed to Billow. Billow cannot pay for another plan until it is settled: please contact support.',
  paymentInProgress:
    'Another payment from this account is going through. Please try again in a minute.',
  recommended: 'Recommended',
  currentPlan: 'Current Plan',
} as const;
