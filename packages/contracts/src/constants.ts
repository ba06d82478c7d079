/** Business constants both sides use (docs/errors.md, docs/sign-in.md, docs/jobs.md). */
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

/*
 * Sign-in and profile limits. They live here, away from the schemas, because the sign-in page
 * reads them and must not load zod to do so (the initial-JS budget).
 */
export const OTP = {
  length: 6,
  ttlSeconds: 300,
  maxAttempts: 5,
  resendCooldownSeconds: 30,
  /**
   * Codes one requester — the phone number together with the address asking — may have sent in
   * an hour. Counted per requester, so a stranger's requests for someone's number do not use up
   * the owner's allowance.
   */
  maxPerRequesterPerHour: 5,
  /** Past this many codes to one number in an hour the wait between codes doubles each time… */
  backoffAfterCodesPerHour: 5,
  /** …up to this, so the owner of a number under attack still gets a code within minutes. */
  maxResendCooldownSeconds: 600,
} as const;

/** The code field takes at most 8 characters (docs/sign-in.md, "The three steps"). */
export const SIGN_IN_CODE_MAX_LENGTH = 8;

export const FEEDBACK_MAX_LENGTH = 1000;
export const LEGAL_NAME_MAX_LENGTH = 120;
