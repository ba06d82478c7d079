/**
 * The hourly scan as batch jobs: the scan job splits everyone into ranges of ids
 * and queues one batch job per range, which any worker process may take. Every person falls in
 * exactly one range, and the same scan job run again (a retry) queues no batch twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeopleWithBillsDue } from '../../../test/people-with-bills';
import { createTestApp, type TestApp } from '../../../test/test-app';

const today = '2026-11-20';
const PEOPLE = 25;

type Batch = { scanId: string; afterUserId?: string; throughUserId?: string };

describe('the pending-events scan in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(`${today}T12:00:00Z`) });
  });
  afterAll(() => t.close());

  const rows = async <R>(text: string, values: unknown[] = []) =>
    (await t.database.executeSql(text, values)).rows as R[];
  /** People, each with a bill that renews in three days (a reminder due today). */
  const addPeople = (phonePrefix: string, count: number) =>
    addPeopleWithBillsDue(t.database, { phonePrefix, count, today });
  const batchesOf = async (scanId: string) =>
    (
      await rows<{ data: Batch }>(
        `select data from pgboss.job where name = 'pending-events-scan-batch'
           and data->>'scanId' = $1`,
        [scanId],
      )
    ).map((r) => r.data);
  const inRange = (id: string, b: Batch) =>
    (!b.afterUserId || id > b.afterUserId) && (!b.throughUserId || id <= b.throughUserId);

  it('queues one batch per range of people, covering each person once, and none twice on a retry', async () => {
    await addPeople('+1555333', PEOPLE);
    const scanId = (await t.jobs.queue.send('pending-events-scan', { batchSize: 10 }))!;
    expect(await t.runQueuedJobs(['pending-events-scan'])).toEqual(['pending-events-scan']);

    const batches = await batchesOf(scanId);
    // 25 people by tens: up to the 10th, up to the 20th, and the rest (no end).
    expect(batches).toHaveLength(3);
    expect(batches.filter((b) => !b.throughUserId)).toHaveLength(1);
    // Someone who signs up after the scan read the ids is in the open-ended last range.
    await addPeople('+1555334', 1);
    const people = await rows<{ id: string }>(
      `select id from users where phone_number like '+155533%'`,
    );
    expect(people).toHaveLength(PEOPLE + 1);
    for (const { id } of people) expect(batches.filter((b) => inRange(id, b)).length, id).toBe(1);

    // The scan job run again (a retry after its batches were queued) queues none twice.
    await t.handlers['pending-events-scan'](
      { batchSize: 10 },
      {
        jobId: scanId,
        attempt: 2,
        queue: 'pending-events-scan',
      },
    );
    expect(await batchesOf(scanId)).toHaveLength(3);

    // The batches, run by whichever worker takes them, reach every person: one reminder each.
    const ran = await t.runQueuedJobs(['pending-events-scan-batch']);
    expect(ran).toEqual([
      'pending-events-scan-batch',
      'pending-events-scan-batch',
      'pending-events-scan-batch',
    ]);
    const reminded = await rows<{ userId: string; n: number }>(
      `select data->>'userId' as "userId", count(*)::int as n from pgboss.job
        where name = 'subscription-send-renewal-reminder' group by 1`,
    );
    expect(reminded.map((r) => r.userId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(reminded.every((r) => r.n === 1)).toBe(true);

    // The next hour's scan is another job: it queues its own batches.
    const next = (await t.jobs.queue.send('pending-events-scan', { batchSize: 10 }))!;
    await t.runQueuedJobs(['pending-events-scan']);
    expect(await batchesOf(next)).toHaveLength(3);
    expect(await batchesOf(scanId)).toHaveLength(3);
  });
});
