/**
 * Refs (see `route-refs.ts`) for the routes the dashboard's first screen calls, so it loads no
 * schemas either. Apart from `route-refs.ts`, so the sign-in pages do not carry them.
 */
import type { negotiationRoutes } from './negotiations';
import type { paymentRoutes } from './payments';
import type { reminderRoutes } from './reminders';
import type { rewardRoutes } from './rewards';
import { routeRef } from './route-refs';
import type { savingsRoutes, subscriptionRoutes } from './subscriptions';

export const subscriptionRouteRefs = {
  listAll: routeRef<typeof subscriptionRoutes.listAll>('GET', '/api/subscriptions/list-all'),
  remove: routeRef<typeof subscriptionRoutes.remove>('POST', '/api/subscriptions/delete'),
  transactionDetails: routeRef<typeof subscriptionRoutes.transactionDetails>(
    'POST',
    '/api/subscriptions/transaction-details',
  ),
};

export const savingsRouteRefs = {
  lifetime: routeRef<typeof savingsRoutes.lifetime>('GET', '/api/savings/lifetime'),
};

export const reminderRouteRefs = {
  overdraftRisk: routeRef<typeof reminderRoutes.overdraftRisk>('GET', '/api/alerts/overdraft'),
  statusTimeline: routeRef<typeof reminderRoutes.statusTimeline>(
    'POST',
    '/api/subscriptions/status-timeline',
  ),
};

export const negotiationRouteRefs = {
  negotiable: routeRef<typeof negotiationRoutes.negotiable>(
    'GET',
    '/api/subscriptions/negotiable-subscriptions',
  ),
  submitRequiredInfo: routeRef<typeof negotiationRoutes.submitRequiredInfo>(
    'POST',
    '/api/subscriptions/submit-required-info',
  ),
};

export const rewardRouteRefs = {
  balance: routeRef<typeof rewardRoutes.balance>('GET', '/api/rewards/balance'),
  history: routeRef<typeof rewardRoutes.history>('GET', '/api/rewards/history'),
  lifetimeAccrued: routeRef<typeof rewardRoutes.lifetimeAccrued>(
    'GET',
    '/api/rewards/lifetime-accrued',
  ),
  nextReward: routeRef<typeof rewardRoutes.nextReward>('GET', '/api/rewards/next-reward'),
  choices: routeRef<typeof rewardRoutes.choices>('GET', '/api/rewards/choices'),
  claim: routeRef<typeof rewardRoutes.claim>('POST', '/api/rewards/claim'),
  returnClaim: routeRef<typeof rewardRoutes.returnClaim>('POST', '/api/rewards/return'),
};

export const paymentRouteRefs = {
  instantSavings: routeRef<typeof paymentRoutes.instantSavings>(
    'GET',
    '/api/subscriptions/instant-savings',
  ),
  pay: routeRef<typeof paymentRoutes.pay>('POST', '/api/payments/pay'),
  giftCard: routeRef<typeof paymentRoutes.giftCard>('POST', '/api/gift-cards/get'),
  bankLink: routeRef<typeof paymentRoutes.bankLink>('POST', '/api/payments/bank-link'),
};
