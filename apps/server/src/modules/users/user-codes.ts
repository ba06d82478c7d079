/**
 * Codes the profile sends (to verify an email, to delete the account): issuing and delivering one,
 * checking one, and what a person is told when a code cannot be sent again yet or is not accepted.
 */
import { ProblemError } from '../../http/problem';
import type {
  CodePolicy,
  OneTimeCodes,
  VerifyOutcome,
} from '../one-time-codes/one-time-codes.service';

type CodeFor = { subject: string; destination: string };

/**
 * Issues a code and hands it to `deliver`. A code that could not be delivered is withdrawn, so the
 * wait before the next code does not hold back a retry; the person is told `deliveryFailure`.
 */
export async function sendCode(
  codes: OneTimeCodes,
  policy: CodePolicy,
  to: CodeFor,
  deliver: (code: string) => Promise<unknown>,
  deliveryFailure: (error: unknown) => unknown,
): Promise<void> {
  const issued = await codes.issue(policy, to);
  if (!issued.isIssued) throw justSent(issued.retryAfterSeconds);
  try {
    await deliver(issued.code);
  } catch (error) {
    await codes.withdraw(issued.id);
    throw deliveryFailure(error);
  }
}

/** Checks a code as typed (spaces ignored); one not accepted is refused with `wrongText`. */
export async function checkCode(
  codes: OneTimeCodes,
  policy: CodePolicy,
  to: CodeFor,
  typed: string,
  wrongText: string,
): Promise<void> {
  const outcome = await codes.verify(policy, { ...to, code: typed.replace(/\s/g, '') });
  if (outcome !== 'accepted') throw refusalOf(outcome, wrongText);
}

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
function refusalOf(outcome: Exclude<VerifyOutcome, 'accepted'>, wrongText: string): ProblemError {
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
