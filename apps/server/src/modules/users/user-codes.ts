/**
 * What a person is told when a code they were sent (to verify an email, to delete the account)
 * cannot be sent again yet, or is not accepted.
 */
import { ProblemError } from '../../http/problem';
import type { VerifyOutcome } from '../one-time-codes/one-time-codes.service';

export const codeExpired = () =>
  new ProblemError('bad-request', 'This code has expired. Please ask for a new one.', {
    code: 'code-expired',
  });

/** A new code asked for before the wait between codes is over. */
export const justSent = (retryAfterSeconds: number) => {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ProblemError(
    'too-many-requests',
    `Please wait ${wait} seconds before asking for a new code.`,
    {
      code: 'code-just-sent',
      headers: { 'retry-after': String(wait) },
    },
  );
};

/** Why a checked code was not accepted, worded for the screen that asked (`wrongText`). */
export function refusalOf(
  outcome: Exclude<VerifyOutcome, 'accepted'>,
  wrongText: string,
): ProblemError {
  if (outcome === 'wrong')
    return new ProblemError('bad-request', wrongText, { code: 'code-wrong' });
  if (outcome === 'burned')
    return new ProblemError(
      'bad-request',
      'Too many wrong tries for this code. Please ask for a new one.',
      { code: 'code-burned' },
    );
  return codeExpired();
}
