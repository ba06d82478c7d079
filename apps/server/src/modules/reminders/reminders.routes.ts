import type { FastifyInstance } from 'fastify';
import { reminderRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { AlertsService } from './alerts.service';
import type { PushSubscriptions } from './push-subscriptions';
import type { RemindersService } from './reminders.service';

export async function registerReminderRoutes(
  app: FastifyInstance,
  deps: { reminders: RemindersService; alerts: AlertsService; push: PushSubscriptions },
) {
  const { reminders } = deps;
  mount(app, reminderRoutes.preferences, (r) => reminders.preferencesOf(r.userId));
  mount(app, reminderRoutes.updatePreferences, (r) =>
    reminders.updatePreferences(r.userId, r.body),
  );
  mount(app, reminderRoutes.pushKey, (r) => deps.push.key(r.userId));
  mount(app, reminderRoutes.pushSubscribe, (r) => deps.push.subscribe(r.userId, r.body));
  mount(app, reminderRoutes.pushTest, (r) => deps.push.sendTest(r.userId), {
    rateLimit: { max: 5, timeWindow: '1 minute' },
  });
  mount(app, reminderRoutes.statusTimeline, (r) =>
    deps.alerts.timeline(r.userId, r.body.subscriptionId),
  );
}
