/**
 * scan pending events (hourly): every person, in batches, queueing the day's "send renewal
 * reminder" job for those with a reminder due, and first the sends a crash abandoned.
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
 * One batch of people (ordered by id, after `afterUserId`): for each with a reminder due on a
 * channel that has not had today's digest, outside their quiet hours, one "send renewal
 * reminder" job for their day. Returns the last id seen, or null when the batch was the last.
 */
async function scanBatch(
  ctx: RemindersContext,
  batchSize: number,
  afterUserId: string | undefined,
  eachPerson?: EachPerson,
) {
  const people = await ctx.people.contactsAfter(afterUserId, batchSize);
  const at = ctx.now();
  // One transaction a person, not a batch: on the embedded database a transaction holds the
  // one connection, and requests wait for it to end. And a turn of the event loop between
  // people: the embedded database answers on this thread, so without it the scan's chain of
  // statements never lets a request be read at all (issue 35).
  for (const person of people) {
    await setImmediate();
    await ctx.db.transaction(async (tx) => {
      await eachPerson?.(person.id, tx);
      const prefs = await preferencesOf(ctx, person.id, tx);
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

/** Every person, in batches from `afterUserId`; a scan from the start resends abandoned digests first. */
export async function scanPendingEvents(
  ctx: RemindersContext,
  payload: { batchSize?: number; afterUserId?: string },
  eachPerson?: EachPerson,
) {
  const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
  if (!payload.afterUserId) await resendAbandoned(ctx, ctx.now());
  let cursor: string | null | undefined = payload.afterUserId;
  let batches = 0;
  do {
    cursor = await scanBatch(ctx, batchSize, cursor ?? undefined, eachPerson);
    batches++;
  } while (cursor);
  return { batches };
}
