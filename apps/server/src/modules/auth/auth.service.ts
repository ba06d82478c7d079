/**
 * Passwordless sign-in. A code is texted, checked against its keyed hash, and exchanged for a
 * session; the same answer goes to every phone number, so nobody can learn who has an account.
 * The code rules (five minutes, five tries, the wait between codes) are the one-time-code
 * mechanism's; texting-limits.ts adds what texting needs (countries, per-address limit, budget).
 */
import crypto from 'node:crypto';
import { isPlausiblePhoneNumber } from '@billow/contracts/phone-plausible';
import {
  normalizePhoneNumber,
  OTP,
  otpFailureDetail,
  otpStartFailureDetail,
  type AuthTokens,
  type LinkedAccount,
  type OtpVerifyResponse,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { hmac, randomToken, sha256 } from '../../security/hashing';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { SmsDeliveryError } from '../../providers/sms/sms-sender';
import type { CodePolicy, OneTimeCodes } from '../one-time-codes/one-time-codes.service';
import type { AuthRepo } from './auth.repo';
import {
  REFRESH_REUSE_INTERVAL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type SessionTokenService,
} from './session-tokens';
import { createTextingLimits, tooManyRequests, type SmsLimits } from './texting-limits';

/** The users module's: the people who sign in, by phone number. */
export type SignInPeople = {
  /** The person of a phone number, created on their first sign-in. */
  findOrCreateByPhone(phoneNumber: string): Promise<{
    user: { id: string; phoneNumber: string; onboardedAt: Date | null; legalName: string | null };
    isNew: boolean;
  }>;
  /** The person's phone number; undefined when there is no such person. */
  phoneNumberOf(userId: string): Promise<string | undefined>;
};

type AuthServiceDeps = {
  repo: AuthRepo;
  people: SignInPeople;
  codes: OneTimeCodes;
  sms: SmsSender;
  smsLimits: SmsLimits;
  tokens: SessionTokenService;
  /** Keys the refresh-token successors. */
  authSecret: Uint8Array;
  linkedAccounts: (userId: string) => Promise<LinkedAccount[]>;
  /** Seconds between two codes to one phone (default 30). */
  resendCooldownSeconds?: number;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
};

function codeRefused(outcome: keyof typeof otpFailureDetail) {
  return new ProblemError('authentication-failed', otpFailureDetail[outcome], {
    status: 400,
    code: `code-${outcome}`,
  });
}

const invalidRefresh = () =>
  new ProblemError('unauthorized', 'The refresh token is invalid or expired.', {
    status: 401,
    code: 'refresh-invalid',
  });
const invalidBearer = () =>
  new ProblemError('unauthorized', 'The access token is not valid.', { status: 401 });

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.clock ?? (() => new Date());
  const policy: CodePolicy = {
    purpose: 'sign-in',
    length: OTP.length,
    ttlSeconds: OTP.ttlSeconds,
    maxAttempts: OTP.maxAttempts,
    cooldownSeconds: deps.resendCooldownSeconds ?? OTP.resendCooldownSeconds,
    backoff: {
      afterCodesPerHour: OTP.backoffAfterCodesPerHour,
      maxCooldownSeconds: OTP.maxResendCooldownSeconds,
    },
    maxPerRequesterPerHour: OTP.maxPerRequesterPerHour,
  };
  const texting = createTextingLimits({
    limits: deps.smsLimits,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  function normalizedPhone(raw: string): string {
    const phone = normalizePhoneNumber(raw);
    if (!isPlausiblePhoneNumber(phone)) {
      throw new ProblemError('validation', 'phoneNumber: Invalid phone number', {
        code: 'phone-invalid',
        errors: [{ field: 'phoneNumber', message: 'Invalid phone number', code: 'invalid_format' }],
      });
    }
    return phone;
  }

  async function startSession(user: { id: string; phoneNumber: string }): Promise<AuthTokens> {
    const refreshToken = randomToken();
    const familyId = crypto.randomUUID();
    const at = now();
    await deps.repo.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(at.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      // When the person signed in with a code (see isRecentSignIn), on the sessions' clock.
      createdAt: at,
    });
    return { ...(await deps.tokens.issue(user, familyId)), refreshToken };
  }

  /**
   * The token that replaces a refresh token, derived from it under the auth secret: every
   * request that rotates the same token within the reuse interval gets the same successor, and
   * the database holds only its hash, never a usable token.
   */
  const successorOf = (refreshToken: string) =>
    hmac(deps.authSecret, `refresh-successor:${refreshToken}`);

  return {
    /** Texts a sign-in code; `clientAddress` is the address asking (for per-requester limits). */
    async startOtp(rawPhone: string, clientAddress: string) {
      const phoneNumber = normalizedPhone(rawPhone);
      texting.assertTextable(phoneNumber);
      const requester = deps.codes.requesterOf(clientAddress);
      const issued = await deps.codes.issue(
        policy,
        { subject: phoneNumber, destination: phoneNumber, requester },
        (sentInLastHour) => texting.assertWithinLimits(requester, sentInLastHour),
      );
      if (!issued.isIssued) {
        throw issued.refusal === 'cooldown'
          ? tooManyRequests(
              'code-just-sent',
              otpStartFailureDetail.justSent,
              issued.retryAfterSeconds,
            )
          : tooManyRequests(
              'too-many-codes-for-number',
              otpStartFailureDetail.tooManyForNumber,
              issued.retryAfterSeconds,
            );
      }
      try {
        await deps.sms.send({
          to: phoneNumber,
          body: `Your Billow code is ${issued.code}. It expires in 5 minutes. Don't share it with anyone.`,
        });
      } catch (error) {
        await deps.codes.withdraw(issued.id);
        if (error instanceof SmsDeliveryError && error.failure === 'invalid-number') {
          throw new ProblemError(
            'external-service',
            'We could not text this number. Please check it and try again.',
            { status: 502, code: 'sms-undeliverable' },
          );
        }
        if (error instanceof SmsDeliveryError) {
          // Not the person's number: the provider is busy or down, or Billow's setup is wrong.
          if (error.failure === 'configuration')
            deps.log?.warn(
              { err: error },
              'the text provider refused Billow’s credentials or sender: check the SMS settings',
            );
          throw new ProblemError(
            'external-service',
            'We could not send a text right now. Please try again in a few minutes.',
            { status: 503, code: 'sms-unavailable', headers: { 'retry-after': '60' } },
          );
        }
        throw error;
      }
      return {
        sent: true as const,
        phoneNumber,
        expiresInSeconds: OTP.ttlSeconds,
        resendAfterSeconds: issued.resendAfterSeconds,
      };
    },

    async verifyOtp(rawPhone: string, rawCode: string): Promise<OtpVerifyResponse> {
      const phoneNumber = normalizedPhone(rawPhone);
      const outcome = await deps.codes.verify(policy, {
        subject: phoneNumber,
        code: rawCode.replace(/\s/g, ''),
      });
      if (outcome !== 'accepted') throw codeRefused(outcome);

      const { user, isNew } = await deps.people.findOrCreateByPhone(phoneNumber);
      const tokens = await startSession(user);
      return {
        ...tokens,
        user: {
          existingUser: !isNew,
          is_onboarded: user.onboardedAt !== null,
          userId: user.id,
          user_legal_name: user.legalName,
          linkedAccounts: await deps.linkedAccounts(user.id),
        },
      };
    },

    async refresh(refreshToken: string): Promise<AuthTokens> {
      const at = now();
      const tokenHash = sha256(refreshToken);
      const token = await deps.repo.findRefreshToken(tokenHash);
      if (!token) throw invalidRefresh();
      if (token.revokedAt || token.expiresAt <= at) throw invalidRefresh();
      const successor = successorOf(refreshToken);
      const issue = async () => {
        const phoneNumber = await deps.people.phoneNumberOf(token.userId);
        if (phoneNumber === undefined) throw invalidRefresh();
        const user = { id: token.userId, phoneNumber };
        return { ...(await deps.tokens.issue(user, token.familyId)), refreshToken: successor };
      };

      const isRotated =
        !token.replacedAt &&
        (await deps.repo.rotate(token.id, at, {
          userId: token.userId,
          familyId: token.familyId,
          tokenHash: sha256(successor),
          expiresAt: new Date(at.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
          createdAt: at,
        }));
      if (isRotated) return issue();

      // Rotated already, by a parallel request or an earlier one. Within the reuse interval that
      // is the same client racing itself: it gets the same successor. Later, someone else holds
      // a copy of the token: end the whole session.
      const current = token.replacedAt ? token : await deps.repo.findRefreshToken(tokenHash);
      const isWithinReuseInterval =
        current?.replacedAt &&
        !current.revokedAt &&
        at.getTime() - current.replacedAt.getTime() <= REFRESH_REUSE_INTERVAL_SECONDS * 1000;
      if (isWithinReuseInterval) {
        const next = await deps.repo.findRefreshToken(sha256(successor));
        if (next && !next.revokedAt) return issue();
      }
      await deps.repo.revokeFamily(token.familyId, at);
      throw invalidRefresh();
    },

    async logout(proof: { refreshToken: string | undefined; userId: string | undefined }) {
      const at = now();
      const found = proof.refreshToken
        ? await deps.repo.findRefreshToken(sha256(proof.refreshToken))
        : undefined;
      if (found) await deps.repo.revokeFamily(found.familyId, at);
      else if (proof.userId) await deps.repo.revokeAllForUser(proof.userId, at);
    },

    /**
     * Whether the session behind a bearer token was signed into with a texted code within the
     * last `withinMs` (false for anything but a valid session token), on the sessions' clock.
     */
    async isRecentSignIn(authorization: string | undefined, withinMs: number): Promise<boolean> {
      const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
      if (!match) return false;
      const result = await deps.tokens.verify(match[1]!);
      if ('error' in result) return false;
      const signedInAt = await deps.repo.sessionStartedAt(result.sessionId);
      return signedInAt !== null && now().getTime() - signedInAt.getTime() <= withinMs;
    },

    /** The signed-in user behind a bearer token, or a 401 problem. */
    async authenticate(authorization: string | undefined): Promise<string> {
      const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
      if (!match) throw new ProblemError('unauthorized', 'Sign in to continue.', { status: 401 });
      const result = await deps.tokens.verify(match[1]!);
      if ('error' in result) {
        throw result.error === 'expired'
          ? new ProblemError('token-expired', 'Your session has expired.', { status: 401 })
          : new ProblemError('unauthorized', 'The access token is not valid.', { status: 401 });
      }
      // A deleted account's tokens, and a signed-out session's, stop working at once, not when
      // they expire.
      const user = await deps.repo.findSessionUser(result.userId, result.sessionId);
      if (!user) throw invalidBearer();
      return user.id;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
