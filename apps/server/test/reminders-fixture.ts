/**
 * What the reminders and alerts suites share: Billow on a clock they move, calls as a signed-in
 * person, the sandbox outbox, and the hourly scan as the schedule runs it.
 */
import {
  subscriptionRoutes,
  type OutboxMessage,
  type RouteContract,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';

export function remindersFixture(today: string, firstPhone: number) {
  let now = new Date(`${today}T12:00:00Z`);
  let phone = firstPhone;
  const fixture = {
    t: undefined as unknown as TestApp,
    /** Moves the clock to `date` at `hour` UTC. */
    at(date: string, hour = 12) {
      now = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
    },
    call(token: string, route: RouteContract, payload?: object) {
      return fixture.t.app.inject({
        method: route.method,
        url: route.path,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    },
    async outbox(to: string) {
      return (
        await fixture.t.app.inject({
          method: 'GET',
          url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
        })
      ).json() as OutboxMessage[];
    },
    /** What the hourly schedule does: scan (its batches), then the jobs the scan queued. */
    async scan() {
      await fixture.t.jobs.queue.send('pending-events-scan', { batchSize: 100 });
      // The scan and its batches first, each on its own: a round over every queue costs a fetch
      // of each, and the batches would take a round of their own.
      const ran = await fixture.t.runQueuedJobs(['pending-events-scan']);
      ran.push(...(await fixture.t.runQueuedJobs(['pending-events-scan-batch'])));
      ran.push(...(await fixture.t.runQueuedJobs()));
      return ran;
    },
    /** A new person, signed in on `today`, with `accounts` linked; their bills once found. */
    async linked(accounts: object[], before?: (token: string) => Promise<void>) {
      fixture.at(today);
      const phoneNumber = `+${phone++}`;
      const { token } = await signIn(fixture.t.app, phoneNumber);
      await before?.(token);
      await linkSandboxItem(fixture.t, token, { overrideAccounts: accounts });
      const bills = (
        await fixture.call(token, subscriptionRoutes.listAll)
      ).json() as Subscription[];
      return { token, phoneNumber, bills };
    },
  };
  beforeAll(async () => {
    fixture.t = await createTestApp({ clock: () => now });
  });
  afterAll(() => fixture.t.close());
  return fixture;
}
