/**
 * What the recovery-email steps say when they fail (docs/profile.md, "Security", word for word).
 */
import { profileMessages } from '@billow/contracts';
import { ApiError } from '@/lib/api-client';

function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.problemCode : undefined;
}

export function describeSendVerificationError(error: unknown): string {
  return codeOf(error) === 'email-missing'
    ? profileMessages.noEmail
    : profileMessages.sendVerificationFailed;
}

export function describeVerifyEmailError(error: unknown): string {
  return codeOf(error) === 'code-wrong'
    ? profileMessages.invalidEmailCode
    : profileMessages.verifyEmailFailed;
}

/**
 * Asking again within the cool-down: the code already emailed still works, so the dialog opens
 * and this says when a new one can be had. Undefined for every other failure.
 */
export function describeCodeJustSent(error: unknown): string | undefined {
  if (codeOf(error) !== 'code-just-sent') return undefined;
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  const wait =
    seconds === undefined || seconds <= 0
      ? 'a moment'
      : seconds === 1
        ? '1 second'
        : `${seconds} seconds`;
  return `We just emailed you a code. You can ask for a new one in ${wait}.`;
}
