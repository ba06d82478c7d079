import type { FastifyInstance } from 'fastify';
import { reminderRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { AlertsService } from './alerts.service';

/** The alerts' routes are declared with the reminders' in the contracts (same settings screen). */
export async function registerAlertRoutes(app: FastifyInstance, deps: { alerts: AlertsService }) {
  mount(app, reminderRoutes.overdraftRisk, (r) => deps.alerts.overdraftRisk(r.userId));
  mount(app, reminderRoutes.statusTimeline, (r) =>
    deps.alerts.timeline(r.userId, r.body.subscriptionId),
  );
}
