/**
 * Passwordless sign-in: a 6-digit code texted to the phone, then short-lived signed tokens and a
 * rotating refresh token (docs/sign-in.md, "The three steps", "Session").
 */
import { otpStartProblemCode, otpVerifyProblemCode, refreshProblemCode } from './problem-codes';
import { z } from 'zod';
import { defineRoute } from './route';
import { text } from './text';
import { SIGN_IN_CODE_MAX_LENGTH } from './constants';
import { linkedAccount } from './users';

export const phoneNumberInput = text().trim().min(1).max(32);

export const otpStartBody = z.object({ phoneNumber: phoneNumberInput });
export const otpStartResponse = z.object({
  sent: z.literal(true),
  phoneNumber: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

export const otpVerifyBody = z.object({
  phoneNumber: phoneNumberInput,
  code: text().trim().min(1).max(SIGN_IN_CODE_MAX_LENGTH),
});

export const authTokens = z.object({
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthTokens = z.infer<typeof authTokens>;

export const signInUser = z.object({
  existingUser: z.boolean(),
  /** Whether the person finished the settings onboarding (signing in resumes it until then). */
  is_onboarded: z.boolean(),
  userId: z.string(),
  user_legal_name: z.string().nullable(),
  linkedAccounts: z.array(linkedAccount),
});
export type SignInUser = z.infer<typeof signInUser>;

export const otpVerifyResponse = authTokens.extend({ user: signInUser });
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponse>;

export const refreshBody = z.object({ refreshToken: text().min(1).max(512) });
export const logoutBody = z.object({ refreshToken: text().min(1).max(512).optional() });

/**
 * Why a code was refused, in `detail` of a 400 'authentication-failed' problem, so the web can
 * word it (wrong code → `authMessages`' 'Invalid verification code…').
 */
export const otpFailureDetail = {
  wrong: 'The code is not correct.',
  expired: 'The code has expired.',
  burned: 'Too many wrong tries for this code.',
  missing: 'No code was sent to this number.',
} as const;

/** A 429's detail when one number's codes were checked too often in a minute, from anywhere. */
export const otpVerifyLimitDetail = 'Too many tries for this number.';

/**
 * Why no code was texted, in `detail` of a 429 'too-many-requests' problem (with Retry-After) or
 * a 400 'bad-request' one; the web shows these words as they are.
 */
export const otpStartFailureDetail = {
  justSent: 'A code was just sent to this number.',
  tooManyForNumber: 'Too many codes were sent to this number. Please try again later.',
  tooManyFromAddress: 'Too many codes were asked for from this connection. Please try again later.',
  overBudget: 'We are sending too many sign-in codes right now. Please try again later.',
} as const;

/** The field error code of a number outside the countries codes may be texted to. */
export const COUNTRY_NOT_ALLOWED = 'country_not_allowed';

/** '…in the United States.', '…in Canada or the United States.' */
export function countryNotAllowedDetail(countryNames: readonly string[]): string {
  const named = countryNames.map((name) => (/^United /.test(name) ? `the ${name}` : name));
  const list =
    named.length <= 1
      ? (named[0] ?? '')
      : `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}`;
  return `Sign-in codes can only be texted to phone numbers in ${list}.`;
}

export const authRoutes = {
  otpStart: defineRoute({
    method: 'POST',
    path: '/api/auth/otp/start',
    auth: false,
    body: otpStartBody,
    response: otpStartResponse,
    problemCodes: otpStartProblemCode,
  }),
  otpVerify: defineRoute({
    method: 'POST',
    path: '/api/auth/otp/verify',
    auth: false,
    body: otpVerifyBody,
    response: otpVerifyResponse,
    problemCodes: otpVerifyProblemCode,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    auth: false,
    body: refreshBody,
    response: authTokens,
    problemCodes: refreshProblemCode,
  }),
  /**
   * Ends a session. Works with an expired access token: the refresh token in the body is the
   * proof, and its whole family is revoked. With only a bearer token, every session of the user
   * ends.
   */
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    auth: false,
    body: logoutBody,
    response: z.object({ success: z.literal(true) }),
  }),
} as const;
