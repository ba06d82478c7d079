/** Business constants of spec part 1 §9 and part 2 §9 that both sides use. */
export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  gapPx: 14,
  widthPx: 356,
  swipeThresholdPx: 20,
  limit: 1,
  removeDelayMs: 1_000_000,
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

export const QUERY_CACHE = {
  retry: 3,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  gcTimeMs: 300_000,
} as const;

export const THEME_STORAGE_KEY = 'darkMode';
export const TOKEN_STORAGE_KEY = 'token';
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';
export const LINK_TOKEN_STORAGE_KEY = 'plaid_link_token';

export const JOB_LIMITS = {
  priorityMin: 1,
  priorityMax: 100,
  attemptsMin: 1,
  attemptsMax: 10,
  concurrencyDefault: 5,
  concurrencyMax: 50,
  scanBatchSizeDefault: 100,
  rateLimiterMinDurationMs: 1000,
} as const;
