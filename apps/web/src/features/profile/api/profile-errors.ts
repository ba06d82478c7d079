/** What the recovery-email steps say when they fail (spec part 1 §8, word for word). */
import { emailFailureDetail, profileMessages } from '@billow/contracts';
import { ApiError } from '@/lib/api-client';

function detailOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.problem?.detail : undefined;
}

export function describeSendVerificationError(error: unknown): string {
  return detailOf(error) === emailFailureDetail.noEmail
    ? profileMessages.noEmail
    : profileMessages.sendVerificationFailed;
}

export function describeVerifyEmailError(error: unknown): string {
  const isWrongCode =
    error instanceof ApiError &&
    error.status === 400 &&
    detailOf(error) === emailFailureDetail.wrongCode;
  return isWrongCode ? profileMessages.invalidEmailCode : profileMessages.verifyEmailFailed;
}
