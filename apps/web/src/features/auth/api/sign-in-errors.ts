/**
 * What a person reads when a sign-in call fails. The request helper only throws typed errors;
 * the wording lives here so every step says the same thing for the same failure.
 */
import { authMessages, OTP, type otpVerifyProblemCode } from '@billow/contracts';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

export const invalidPhoneMessage = 'Please enter a valid phone number.';

/** Codes that can no longer work, by the problem's code: the only way on is a new one. */
const resendNeededReasons: Partial<Record<z.infer<typeof otpVerifyProblemCode>, string>> = {
  'code-expired': 'This code has expired.',
  'code-burned': 'Too many tries with this code.',
  'code-missing': 'We couldn’t find a code for this number.',
};

/** What to do next, true to the Resend button as it stands: ready, or still counting down. */
function resendNeededMessage(reason: string, canResendNow: boolean): string {
  return canResendNow
    ? `${reason} Tap “Resend code” to get a new one.`
    : `${reason} You can get a new one when “Resend code” below is ready.`;
}

/** A code shorter than the ones Billow sends: asked for whole before anything is checked. */
export const incompleteCodeMessage = `Please enter all ${OTP.length} digits of your code.`;

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The server's own words (its detail is written for people), plus how long to wait. */
function rateLimitMessage(error: ApiError): string {
  const detail = error.problem?.detail.trim() || 'Too many attempts.';
  const sentence = /[.!?]$/.test(detail) ? detail : `${detail}.`;
  return error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0
    ? `${sentence} Please try again in ${describeWait(error.retryAfterSeconds)}.`
    : `${sentence} Please try again later.`;
}

/** Refusals of a code's text whose detail the person reads as the server wrote it. */
const TOLD_AS_IS = new Set(['country-not-allowed', 'sms-undeliverable', 'sms-unavailable']);

/** Step 1 (and Resend code): texting a code failed. */
export function describeSendCodeError(error: unknown): string {
  if (!(error instanceof ApiError)) return authMessages.signInFailed;
  if (error.kind === 'network') return error.message;
  if (error.status === 429) return rateLimitMessage(error);
  // A real number Billow may not text: the server names the countries it may. A text that
  // failed says whether the number or the text service was the trouble, in the server's words.
  if (TOLD_AS_IS.has(error.problemCode ?? '') && error.problem) return error.problem.detail;
  if (error.problemType === 'validation' || error.problemType === 'bad-request')
    return invalidPhoneMessage;
  return authMessages.signInFailed;
}

/** Step 2: the code was refused. `needsNewCode` tells the screen to point at Resend. */
export function describeVerifyError(
  error: unknown,
  canResendNow = true,
): { message: string; needsNewCode: boolean } {
  if (!(error instanceof ApiError))
    return { message: authMessages.signInFailed, needsNewCode: false };
  if (error.kind === 'network') return { message: error.message, needsNewCode: false };
  if (error.status === 429) return { message: rateLimitMessage(error), needsNewCode: false };
  const code = error.problemCode;
  if (code === 'code-wrong') return { message: authMessages.invalidCode, needsNewCode: false };
  const reason = resendNeededReasons[code as keyof typeof resendNeededReasons];
  if (reason) return { message: resendNeededMessage(reason, canResendNow), needsNewCode: true };
  return { message: authMessages.signInFailed, needsNewCode: false };
}
