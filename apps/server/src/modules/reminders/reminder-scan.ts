/**
 * scan pending events (hourly): a fan-out of batch jobs over ranges of people, each queueing the
 * day's "send renewal reminder" job for those with a reminder due, a page of people at a time;
 * first, the sends a crash abandoned are queued again.
 */
import { setImmediate } from 'node:timers/promises';
import { localTimeIn } from '@billow/contracts';
import type { Db } from '../../db/database';
import { JOB_LIMITS } from '../../jobs/job-map';
import { channelsFrom, deliveriesOf, factsOfPeople, pushedPeople } from './reminder-audience';
import { dueReminders, isQuietHour, type DueReminder } from './reminder-events';
import { preferencesOfPeople } from './reminder-preferences';
import { resendAbandoned } from './reminder-sends';
import type { RemindersContext } from './reminders.deps';

/** Other events of a page of people found by the same scan (status changes, failed payments). */
type AlsoScan = (userIds: string[], tx: Db) => Promise<void>;

/**
 * The most people a page takes on the embedded database. There a transaction holds the one
 * connection, on this thread, and requests wait for it to end: pages stay small, so a request
 * waits for a few people's work at most.
 */
export const EMBEDDED_PAGE_PEOPLE = 5;

/**
 * One page of people (ordered by id, after `afterUserId`, up to `throughUserId`): for each with
 * a reminder due on a channel that has not had today's digest, outside their quiet hours, one
 * "send renewal reminder" job for their day. Set-based: each read covers the whole page in one
 * statement and the page's jobs are queued in one, all in one transaction, so a page is queued
 * whole or not at all; the jobs' keys make a page scanned again queue nothing twice. Returns the
 * last id seen, or null when the page was the last.
 */
async function scanPage(
  ctx: RemindersContext,
  pageSize: number,
  afterUserId: string | undefined,
  throughUserId: string | undefined,
  alsoScan?: AlsoScan,
) {
  const people = await ctx.people.contactsAfter(afterUserId, pageSize, throughUserId);
  const at = ctx.now();
  // A turn of the event loop between pages: the embedded database answers on this thread, so
  // without it the scan's chain of statements never lets a request be read at all.
  await setImmediate();
  if (people.length > 0)
    await ctx.db.transaction(async (tx) => {
      await alsoScan?.(
        people.map((person) => person.id),
        tx,
      );
      const prefsOf = await preferencesOfPeople(people, tx);
      // Each person's own day, for those outside their quiet hours.
      const todayOf = new Map<string, string>();
      for (const person of people) {
        const prefs = prefsOf.get(person.id)!;
        const local = localTimeIn(prefs.timeZone, at);
        if (!isQuietHour(local.hour, prefs.quietHoursStart, prefs.quietHoursEnd))
          todayOf.set(person.id, local.date);
      }
      const factsOf = await factsOfPeople(ctx, todayOf, tx);
      const dueOf = new Map<string, DueReminder[]>();
      for (const [userId, today] of todayOf) {
        const due = dueReminders(
          factsOf.get(userId) ?? [],
          prefsOf.get(userId)!.offsetsDays,
          today,
        );
        if (due.length > 0) dueOf.set(userId, due);
      }
      if (dueOf.size === 0) return;
      const pushed = await pushedPeople(ctx, [...dueOf.keys()], tx);
      const delivered = await deliveriesOf(dueOf, tx);
      const reminders = [];
      for (const person of people) {
        const due = dueOf.get(person.id);
        if (!due) continue;
        const channels = channelsFrom(person, prefsOf.get(person.id)!, pushed.has(person.id));
        // A channel with a reminder it has not carried: the day's digest job sends what is new.
        if (!channels.some((channel) => due.some((d) => !delivered.has(person.id, channel, d))))
          continue;
        const localDate = todayOf.get(person.id)!;
        reminders.push({
          payload: { userId: person.id, localDate },
          singletonKey: `${person.id}:${localDate}`,
        });
      }
      await ctx.jobs.sendMany('subscription-send-renewal-reminder', reminders, { tx });
    });
  return people.length < pageSize ? null : people.at(-1)!.id;
}

/**
 * scan pending events: the hourly fan-out. It splits everyone, by id, into ranges of
 * `batchSize` people and queues one batch job per range (`scanPendingBatch`), so every worker
 * process takes a share. The ranges hold every id between them, a person who joins meanwhile
 * included, so each person is in exactly one. All of a scan's batches are queued in one
 * transaction, the first keyed `<scan job>:first`: the same scan job run again (a retry)
 * finds them queued and queues none twice; the next hour's scan is another job.
 */
export async function scanPendingEvents(
  ctx: RemindersContext,
  payload: { batchSize?: number },
  scanId: string,
) {
  const { jobs } = ctx;
  const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
  await resendAbandoned(ctx, ctx.now());
  if (await jobs.hasBeenSent('pending-events-scan-batch', `${scanId}:first`)) return { batches: 0 };
  const ends = await ctx.people.idsEvery(batchSize);
  // The last range has no end: it takes whoever signs up after the ids were read.
  const ranges = [undefined, ...ends].map((afterUserId, i) => ({
    afterUserId,
    throughUserId: ends[i],
  }));
  await ctx.db.transaction(async (tx) => {
    for (const { afterUserId, throughUserId } of ranges)
      await jobs.send(
        'pending-events-scan-batch',
        {
          scanId,
          batchSize,
          ...(afterUserId ? { afterUserId } : {}),
          ...(throughUserId ? { throughUserId } : {}),
        },
        { tx, singletonKey: `${scanId}:${afterUserId ?? 'first'}` },
      );
  });
  return { batches: ranges.length };
}

/**
 * One batch of the scan: the people of its id range, a page of `batchSize` at a time (on the
 * embedded database, EMBEDDED_PAGE_PEOPLE at most).
 */
export async function scanPendingBatch(
  ctx: RemindersContext,
  payload: { batchSize?: number; afterUserId?: string; throughUserId?: string },
  alsoScan?: AlsoScan,
) {
  const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
  const pageSize = ctx.isEmbeddedDatabase ? Math.min(batchSize, EMBEDDED_PAGE_PEOPLE) : batchSize;
  let cursor: string | null | undefined = payload.afterUserId;
  do {
    cursor = await scanPage(ctx, pageSize, cursor ?? undefined, payload.throughUserId, alsoScan);
  } while (cursor);
}
