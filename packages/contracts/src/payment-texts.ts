/**
 * Screen texts of the annual-plan and payment screens (spec part 2 §8). No zod: the
 * dashboard's first screen shows them without loading the schemas (issue 16).
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
  recommended: 'Recommended',
  currentPlan: 'Current Plan',
} as const;
