import type { FastifyInstance } from 'fastify';
import { negotiationRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { NegotiationsService } from './negotiations.service';

export async function registerNegotiationRoutes(
  app: FastifyInstance,
  deps: { negotiations: NegotiationsService },
) {
  const { negotiations } = deps;
  mount(app, negotiationRoutes.negotiable, (r) => negotiations.list(r.userId));
  mount(app, negotiationRoutes.submitRequiredInfo, (r) =>
    negotiations.submitRequiredInfo(r.userId, r.body.subscriptionId, r.body.requiredInfo),
  );
}
