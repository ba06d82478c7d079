/** What the recovery-email steps say when they fail (spec part 1 §8, word for word). */
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
