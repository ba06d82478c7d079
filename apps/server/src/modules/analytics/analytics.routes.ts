import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { AnalyticsService } from './analytics.service';

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: { analytics: AnalyticsService },
) {
  mount(
    app,
    analyticsRoutes.track,
    async (request) => {
      // Anonymous visitors may send events; a valid token ties them to the account.
      const { authorization } = request.headers;
      const userId = authorization
        ? await app.authenticate(authorization).catch(() => undefined)
        : undefined;
      return { accepted: await deps.analytics.record(request.body.events, userId) };
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
}
