import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { AuthService } from './auth.service';

export async function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; ratePerMinute: number },
) {
  const rateLimit = { max: deps.ratePerMinute, timeWindow: '1 minute' };
  mount(app, authRoutes.otpStart, (request) => deps.auth.startOtp(request.body.phoneNumber), {
    rateLimit,
  });
  mount(
    app,
    authRoutes.otpVerify,
    (request) => deps.auth.verifyOtp(request.body.phoneNumber, request.body.code),
    {
      rateLimit,
    },
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
