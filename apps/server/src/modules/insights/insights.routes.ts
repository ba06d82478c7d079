import type { FastifyInstance } from 'fastify';
import { insightRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { InsightsService } from './insights.service';

export async function registerInsightRoutes(
  app: FastifyInstance,
  deps: { insights: InsightsService },
) {
  mount(app, insightRoutes.spendingHistory, (r) => deps.insights.spendingHistory(r.userId));
  mount(app, insightRoutes.priceIncreases, (r) => deps.insights.priceIncreases(r.userId));
}
