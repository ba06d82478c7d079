/** The linking screens' own words (spec part 1 §2); the error texts are in @billow/contracts. */
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
  loadingError: 'Loading Error',
} as const;
