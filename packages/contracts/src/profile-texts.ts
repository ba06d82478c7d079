/**
 * Profile texts (docs/profile.md). Apart from `messages.ts`, so each screen's chunk carries its own
 * words and every page's first script only the shared ones. Words are requirements:
 * change them only on purpose, never in passing.
 */
export const profileMessages = {
  loadFailed: 'Failed to load profile data. Please try again.',
  settingsFailed: 'Failed to update profile settings. Please try again.',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  updateFailed: 'Failed to update profile. Please try again.',
  deleteFailed: 'Failed to delete account. Please try again.',
  deleteNeedsAuth: 'Authentication required to delete account.',
  deleteNeedsCode:
    'To delete your account, enter the code we just texted to your phone. It expires in 5 minutes.',
  setPrimaryFailed: 'Failed to set primary payment account. Please try again.',
  removeAccountFailed: 'Failed to remove account. Please try again.',
  noEmail: 'Unable to verify email. Please ensure you have an email address set.',
  sendVerificationFailed: 'Failed to send verification email. Please try again.',
  invalidEmailCode: 'Invalid verification code. Please try again.',
  verifyEmailFailed: 'Failed to verify email code. Please try again.',
  enterValidCode: 'Please enter a valid verification code.',
  exportFailed: 'Failed to download your data. Please try again.',
} as const;
