/** The linking screens' own words (docs/linking.md); the error texts are in @billow/contracts. */
export const linkingTexts = {
  linkHeading: 'Connect the rest of your bills and subscriptions with',
  /** Before any account is linked there is no "rest" yet. */
  firstLinkHeading: 'Connect your bills and subscriptions with',
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
  loadingUsually:
    'This usually takes less than a minute. You can stay here, we’ll move on by ourselves.',
  /** While a newly linked bank has not sent its first transactions yet. */
  bankPreparing:
    'Your bank is still getting your transactions ready. The first ones can take a few minutes, and your full history follows. You can stay here or come back later.',
  loadingError: 'Loading Error',
} as const;
