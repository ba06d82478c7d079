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
