import type { FastifyInstance } from 'fastify';
import { devRoutes, reminderRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import { JOB_LIMITS } from '../../jobs/job-map';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { PushSubscriptions } from './push-subscriptions';
import type { RemindersService } from './reminders.service';

export async function registerReminderRoutes(
  app: FastifyInstance,
  deps: { reminders: RemindersService; push: PushSubscriptions },
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
}

/**
 * Sandbox only: the reminders scan and the overdraft check their schedules run, now, so both
 * can be tried without waiting.
 */
export async function registerReminderDevRoutes(
  app: FastifyInstance,
  deps: { jobs: JobQueue<AppJobMap> },
) {
  mount(app, devRoutes.scanReminders, async () => {
    await deps.jobs.send('pending-events-scan', { batchSize: JOB_LIMITS.scanBatchSizeDefault });
    await deps.jobs.send('balance-check', { batchSize: JOB_LIMITS.scanBatchSizeDefault });
    return { queued: true as const };
  });
}
