import type { FastifyInstance } from 'fastify';
import { subscriptionRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { MissedSubscriptionsService } from './missed-subscriptions.service';
import type { SubscriptionsService } from './subscriptions.service';

export async function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionsService; missed: MissedSubscriptionsService },
) {
  const { subscriptions, missed } = deps;
  mount(app, subscriptionRoutes.listAll, (r) => subscriptions.list(r.userId));
  mount(app, subscriptionRoutes.transactionDetails, (r) =>
    subscriptions.transactionDetails(r.userId, r.body.subscriptionId),
  );
  mount(app, subscriptionRoutes.remove, (r) =>
    subscriptions.markNotSubscription(r.userId, r.body.subscriptionId),
  );
  mount(app, subscriptionRoutes.missedCandidates, (r) => missed.candidates(r.userId, r.query));
  mount(app, subscriptionRoutes.addMissed, (r) => missed.add(r.userId, r.body));
}
