/**
 * Passwordless sign-in: a 6-digit code texted to the phone, then short-lived signed tokens and a
 * rotating refresh token (spec part 1 §3 "Session", §4 "Sign-in steps").
 */
import { z } from 'zod';
import { defineRoute } from './route';
import { text } from './text';
import { linkedAccount } from './users';

export const OTP = {
  length: 6,
  ttlSeconds: 300,
  maxAttempts: 5,
  resendCooldownSeconds: 30,
  maxPerPhonePerHour: 5,
} as const;

/** Spec part 1 §5: the code field takes at most 8 characters. */
export const SIGN_IN_CODE_MAX_LENGTH = 8;

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
 * word it (wrong code → the spec's 'Invalid verification code…').
 */
export const otpFailureDetail = {
  wrong: 'The code is not correct.',
  expired: 'The code has expired.',
  burned: 'Too many wrong tries for this code.',
  missing: 'No code was sent to this number.',
} as const;

export const authRoutes = {
  otpStart: defineRoute({
    method: 'POST',
    path: '/api/auth/otp/start',
    auth: false,
    body: otpStartBody,
    response: otpStartResponse,
  }),
  otpVerify: defineRoute({
    method: 'POST',
    path: '/api/auth/otp/verify',
    auth: false,
    body: otpVerifyBody,
    response: otpVerifyResponse,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    auth: false,
    body: refreshBody,
    response: authTokens,
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
