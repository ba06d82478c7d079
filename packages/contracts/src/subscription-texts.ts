/**
 * Screen texts of the subscription and bills area (docs/subscriptions.md). No zod: the
 * dashboard's first screen shows them without loading the schemas.
 */
export const subscriptionMessages = {
  loadBillsFailed: 'Failed to load upcoming bills. Please try again.',
  fetchTransactionsFailed: 'Failed to fetch transaction details',
  deleteFailed: 'Failed to delete subscription. Please try again.',
  markNotSubscriptionFailed: 'Failed to mark as not a subscription. Please try again.',
  loadSubscriptionsFailed: 'Failed to load subscriptions. Please try again.',
  loadSavingsFailed: 'Failed to load savings data. Please try again.',
  loadMissedCandidatesFailed: 'Failed to load your transactions. Please try again.',
  addMissedFailed: 'Failed to add the subscription. Please try again.',
  addMissedTaken: 'This charge is already part of a subscription.',
} as const;
