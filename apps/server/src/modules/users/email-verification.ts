/**
 * The recovery email (docs/profile.md, "Security"): Billow emails a code, and the address is
 * verified when the person gives it back.
 */
import { emailFailureDetail, type ProfileInfo } from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { CodePolicy } from '../one-time-codes/one-time-codes.service';
import { checkCode, codeExpired, sendCode } from './user-codes';
import { load, profileOf } from './user-profile';
import type { UsersContext } from './users.deps';

/** Emailed verification codes: the one-time-code rules, with ten minutes to find the email. */
const emailCodePolicy: CodePolicy = {
  purpose: 'email',
  length: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  cooldownSeconds: 30,
};

export async function sendEmailVerification(ctx: UsersContext, userId: string) {
  const user = await load(ctx, userId);
  if (!user.email) {
    throw new ProblemError('bad-request', emailFailureDetail.noEmail, {
      code: 'email-missing',
    });
  }
  const email = user.email;
  await sendCode(
    ctx.codes,
    emailCodePolicy,
    { subject: userId, destination: email },
    (code) =>
      ctx.email.send({
        to: email,
        subject: 'Your Billow verification code',
        text: `Your Billow verification code is ${code}. It expires in 10 minutes. If you did not ask for it, you can ignore this email.`,
      }),
    (error) =>
      new ProblemError('external-service', 'We could not send the email. Please try again.', {
        status: 502,
        code: 'email-undeliverable',
        cause: error,
      }),
  );
  return { sent: true as const, email };
}

export async function verifyEmail(
  ctx: UsersContext,
  userId: string,
  rawCode: string,
): Promise<ProfileInfo> {
  const user = await load(ctx, userId);
  if (!user.email) throw codeExpired();
  await checkCode(
    ctx.codes,
    emailCodePolicy,
    { subject: userId, destination: user.email },
    rawCode,
    emailFailureDetail.wrongCode,
  );
  // Unless the address changed while the code was being checked.
  if (!(await ctx.repo.markEmailVerified(userId, user.email, ctx.now()))) throw codeExpired();
  return profileOf(ctx, userId);
}
