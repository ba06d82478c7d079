/** Where the money goes: spending by month and category, and the prices that went up. */
import type { FeatureModule } from '../feature-module';
import { registerInsightRoutes } from './insights.routes';
import { createInsightsService } from './insights.service';

export function createInsightsModule(deps: {
  /** The person's charges and price increases (the subscriptions module). */
  bills: Parameters<typeof createInsightsService>[0];
}) {
  const service = createInsightsService(deps.bills);
  return {
    service,
    routes: (app) => registerInsightRoutes(app, { insights: service }),
  } satisfies FeatureModule & { service: unknown };
}
