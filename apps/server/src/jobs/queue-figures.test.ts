import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { formatQueueFigures, readQueueFigures } from './queue-figures';

describe('job queue figures for operators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts jobs by catalogue queue and state, and lists failed jobs with their last error', async () => {
    const before = await readQueueFigures(t.database);
    const waiting = (queue: string) => before.queues[queue]?.waiting ?? 0;
    await t.jobs.queue.send('pending-events-scan', { batchSize: 5 });
    await t.jobs.queue.send('balance-check', {});
    const id = await t.jobs.queue.send('notification-send-sms', { to: '+15555550123', body: 'x' });
    const [job] = await t.jobs.boss.fetch('notification-send-sms');
    expect(job!.id).toBe(id);
    await t.jobs.boss.fail('notification-send-sms', id!, { message: 'provider said no' });

    const after = await readQueueFigures(t.database);
    expect(after.queues['pending events scanner']!.waiting).toBe(
      waiting('pending events scanner') + 1,
    );
    expect(after.queues['balance check']!.waiting).toBe(waiting('balance check') + 1);
    // Failed with retries left: pg-boss puts it back as a retry, shown as delayed.
    const notification = after.queues.notification!;
    expect(notification.delayed + notification.failed).toBeGreaterThanOrEqual(1);
    const text = formatQueueFigures(after);
    expect(text).toContain('pending events scanner');
    expect(text).toMatch(/queue\s+waiting\s+active\s+completed\s+failed\s+delayed\s+paused/);
  });
});
