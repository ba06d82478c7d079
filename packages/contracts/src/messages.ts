/**
 * User-facing texts of the shared request helper (docs/errors.md, "In the web"). Words are
 * requirements: change them only on purpose, never in passing.
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
