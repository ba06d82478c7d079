import type { FastifyInstance } from 'fastify';
import { savingsRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { SavingsService } from './savings.service';

export async function registerSavingsRoutes(
  app: FastifyInstance,
  deps: { savings: SavingsService },
) {
  mount(app, savingsRoutes.lifetime, (r) => deps.savings.lifetimeSavings(r.userId));
}
