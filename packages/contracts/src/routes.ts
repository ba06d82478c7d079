/**
 * Every HTTP route of the API, in one list. Server suites walk it (the token and cross-user
 * matrix, property-based bad input), and a test fails when the server registers a route that is
 * missing here, so a new route is covered by those suites the day it lands.
 */
import { accessTokenRoutes } from './access-tokens';
import { analyticsRoutes } from './analytics';
import { authRoutes } from './auth';
import { bankingRoutes, sandboxRoutes } from './banking';
import { calendarRoutes } from './calendar';
import { cancellationRoutes } from './cancellations';
import { devRoutes } from './dev';
import { docsRoutes } from './docs';
import { healthRoutes } from './health';
import { importRoutes } from './imports';
import { insightRoutes } from './insights';
import type { RouteContract } from './route';
import { negotiationRoutes } from './negotiations';
import { rewardRoutes } from './rewards';
import { paymentRoutes } from './payments';
import { reminderRoutes } from './reminders';
import { savingsRoutes, subscriptionRoutes } from './subscriptions';
import { userRoutes } from './users';

export const apiRouteGroups = {
  health: healthRoutes,
  auth: authRoutes,
  users: userRoutes,
  accessTokens: accessTokenRoutes,
  analytics: analyticsRoutes,
  banking: bankingRoutes,
  imports: importRoutes,
  subscriptions: subscriptionRoutes,
  savings: savingsRoutes,
  negotiations: negotiationRoutes,
  cancellations: cancellationRoutes,
  rewards: rewardRoutes,
  calendar: calendarRoutes,
  insights: insightRoutes,
  payments: paymentRoutes,
  reminders: reminderRoutes,
  docs: docsRoutes,
  dev: devRoutes,
  sandbox: sandboxRoutes,
} as const;

export const apiRoutes: readonly RouteContract[] = Object.values(apiRouteGroups).flatMap(
  (group): RouteContract[] => Object.values(group),
);
