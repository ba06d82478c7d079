/**
 * Deleting the account (docs/privacy.md, "Deleting the account needs the person"): everything
 * goes, for someone who signed in a moment ago or gives a code just texted to their number.
 */
import { profileMessages } from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { SmsDeliveryError } from '../../providers/sms/sms-sender';
import type { CodePolicy } from '../one-time-codes/one-time-codes.service';
import { checkCode, sendCode } from './user-codes';
import { load } from './user-profile';
import type { UsersContext } from './users.deps';

/**
 * Texted codes confirming an account deletion: the sign-in code's rules. A session signed into
 * within RECENT_SIGN_IN_MS needs none (docs/privacy.md).
 */
const deleteCodePolicy: CodePolicy = {
  purpose: 'delete-account',
  length: 6,
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  cooldownSeconds: 30,
};
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** Texts the code that confirms deleting the account to the person's own number. */
export async function sendDeleteAccountCode(ctx: UsersContext, userId: string) {
  const user = await load(ctx, userId);
  await sendCode(
    ctx.codes,
    deleteCodePolicy,
    { subject: userId, destination: user.phoneNumber },
    (code) =>
      ctx.sms.send({
        to: user.phoneNumber,
        body: `Your Billow code to delete your account is ${code}. It expires in 5 minutes. If you did not ask to delete your account, do not share it with anyone.`,
      }),
    (error) =>
      error instanceof SmsDeliveryError
        ? new ProblemError(
            'external-service',
            'We could not text you a code. Please try again in a few minutes.',
            {
              status: error.failure === 'invalid-number' ? 502 : 503,
              code: 'sms-undeliverable',
              ...(error.failure === 'invalid-number' ? {} : { headers: { 'retry-after': '60' } }),
            },
          )
        : error,
  );
  return { sent: true as const, phoneLastFour: user.phoneNumber.slice(-4) };
}

/**
 * Deletes everything, for someone who signed in a moment ago or gives the code just texted: a
 * session left open on a shared or stolen device is not enough on its own.
 */
export async function deleteAccount(
  ctx: UsersContext,
  userId: string,
  proof: { authorization: string | undefined; code?: string | undefined },
) {
  const user = await load(ctx, userId);
  if (!(await ctx.isRecentSignIn(proof.authorization, RECENT_SIGN_IN_MS))) {
    if (!proof.code) {
      throw new ProblemError('insufficient-permissions', profileMessages.deleteNeedsCode, {
        code: 'fresh-code-needed',
      });
    }
    await checkCode(
      ctx.codes,
      deleteCodePolicy,
      { subject: userId, destination: user.phoneNumber },
      proof.code,
      'Invalid code. Please try again.',
    );
  }
  // Contact traces first: if that fails the account still exists and the person can retry.
  await ctx.forgetElsewhere({
    userId: user.id,
    phoneNumber: user.phoneNumber,
    email: user.email,
  });
  await ctx.repo.delete(userId);
  return { success: true, message: 'Your account and all of its data have been deleted.' };
}
