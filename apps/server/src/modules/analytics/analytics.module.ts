/** First-party product analytics events. */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { registerAnalyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';

export function createAnalyticsModule(deps: { db: Db; clock?: () => Date }) {
  const service = createAnalyticsService(deps);
  return {
    service,
    routes: (app) => registerAnalyticsRoutes(app, { analytics: service }),
  } satisfies FeatureModule & { service: unknown };
}
