/**
 * scan pending events (hourly): a fan-out of batch jobs over ranges of people, each queueing the
 * day's "send renewal reminder" job for those with a reminder due; first, the sends a crash
 * abandoned are queued again.
 */
import { setImmediate } from 'node:timers/promises';
import { localTimeIn } from '@billow/contracts';
import type { Db } from '../../db/database';
import { JOB_LIMITS } from '../../jobs/job-map';
import { channelsOf, factsOf, undelivered } from './reminder-audience';
import { dueReminders, isQuietHour } from './reminder-events';
import { preferencesOf } from './reminder-preferences';
import { resendAbandoned } from './reminder-sends';
import type { RemindersContext } from './reminders.deps';

/** Other events of a person found by the same scan (status changes, failed payments). */
type EachPerson = (userId: string, tx: Db) => Promise<void>;

/**
 * One page of people (ordered by id, after `afterUserId`, up to `throughUserId`): for each with
 * a reminder due on a channel that has not had today's digest, outside their quiet hours, one
 * "send renewal reminder" job for their day. Returns the last id seen, or null when the page
 * was the last.
 */
async function scanPage(
  ctx: RemindersContext,
  batchSize: number,
  afterUserId: string | undefined,
  throughUserId: string | undefined,
  eachPerson?: EachPerson,
) {
  const people = await ctx.people.contactsAfter(afterUserId, batchSize, throughUserId);
  const at = ctx.now();
  // One transaction a person, not a batch: on the embedded database a transaction holds the
  // one connection, and requests wait for it to end. And a turn of the event loop between
  // people: the embedded database answers on this thread, so without it the scan's chain of
  // statements never lets a request be read at all.
  for (const person of people) {
    await setImmediate();
    await ctx.db.transaction(async (tx) => {
      await eachPerson?.(person.id, tx);
      const prefs = await preferencesOf(ctx, person.id, tx, person.timeZone);
      const local = localTimeIn(prefs.timeZone, at);
      if (isQuietHour(local.hour, prefs.quietHoursStart, prefs.quietHoursEnd)) return;
      const due = dueReminders(
        await factsOf(ctx, person.id, local.date, tx),
        prefs.offsetsDays,
        local.date,
      );
      if (due.length === 0) return;
      for (const channel of await channelsOf(ctx, person, prefs, tx)) {
        if ((await undelivered(person.id, channel, due, tx)).length === 0) continue;
        await ctx.jobs.send(
          'subscription-send-renewal-reminder',
          { userId: person.id, localDate: local.date },
          { tx, singletonKey: `${person.id}:${local.date}` },
        );
        break;
      }
    });
  }
  return people.length < batchSize ? null : people.at(-1)!.id;
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

/** One batch of the scan: the people of its id range, `batchSize` at a time. */
export async function scanPendingBatch(
  ctx: RemindersContext,
  payload: { batchSize?: number; afterUserId?: string; throughUserId?: string },
  eachPerson?: EachPerson,
) {
  const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
  let cursor: string | null | undefined = payload.afterUserId;
  do {
    cursor = await scanPage(ctx, batchSize, cursor ?? undefined, payload.throughUserId, eachPerson);
  } while (cursor);
}
