/** Where the money goes: spending by month and category, and the prices that went up. */
import type { FeatureModule } from '../feature-module';
import { registerInsightRoutes } from './insights.routes';
import { createInsightsService, type ChargeHistory } from './insights.service';

export function createInsightsModule(deps: {
  /** The person's charges and price increases (the subscriptions module). */
  bills: {
    chargeHistory: (userId: string, from: string) => Promise<ChargeHistory>;
    withPriceIncreases: (userId: string) => Promise<ChargeHistory['subscriptions']>;
    todayOf: (userId: string) => Promise<string>;
  };
}) {
  const service = createInsightsService(deps.bills);
  return {
    service,
    routes: (app) => registerInsightRoutes(app, { insights: service }),
  } satisfies FeatureModule & { service: unknown };
}
