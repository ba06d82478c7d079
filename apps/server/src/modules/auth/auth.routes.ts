import type { FastifyInstance } from 'fastify';
import { authRoutes, normalizePhoneNumber, otpVerifyLimitDetail } from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { mount } from '../../http/route';
import { sha256 } from '../../security/hashing';
import type { AuthService } from './auth.service';

export async function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; ratePerMinute: number; verifiesPerPhonePerMinute: number },
) {
  const rateLimit = { max: deps.ratePerMinute, timeWindow: '1 minute' };
  // Code checks per phone number, whatever address they come from: many addresses guessing at
  // one number's codes share this allowance. Keyed by a hash; the number is not kept.
  const verifiesPerPhone = app.createRateLimit({
    max: deps.verifiesPerPhonePerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => {
      const { phoneNumber } = request.body as { phoneNumber: string };
      return `otp-verify:${sha256(normalizePhoneNumber(phoneNumber))}`;
    },
  });

  mount(
    app,
    authRoutes.otpStart,
    (request) => deps.auth.startOtp(request.body.phoneNumber, request.ip),
    { rateLimit },
  );
  mount(
    app,
    authRoutes.otpVerify,
    async (request) => {
      const limit = await verifiesPerPhone(request as Parameters<typeof verifiesPerPhone>[0]);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new ProblemError('too-many-requests', otpVerifyLimitDetail, {
          code: 'too-many-tries-for-number',
          headers: { 'retry-after': String(Math.max(1, limit.ttlInSeconds)) },
        });
      }
      return deps.auth.verifyOtp(request.body.phoneNumber, request.body.code);
    },
    { rateLimit },
  );
  mount(app, authRoutes.refresh, (request) => deps.auth.refresh(request.body.refreshToken), {
    rateLimit,
  });
  mount(
    app,
    authRoutes.logout,
    async (request) => {
      const { authorization } = request.headers;
      const userId = authorization
        ? await app.authenticate(authorization).catch(() => undefined)
        : undefined;
      await deps.auth.logout({ refreshToken: request.body.refreshToken, userId });
      return { success: true as const };
    },
    { rateLimit },
  );
}
