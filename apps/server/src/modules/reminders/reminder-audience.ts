/**
 * Who is told what, and where: the facts of people's bills that reminders are made from, the
 * channels that reach them (docs/reminders.md, "Channels"), and which reminders due today a
 * channel has not carried yet. Each read takes a page of people at once (the hourly scan) or
 * one person (their day's digest), in one statement.
 */
import type { ReminderPreferences } from '@billow/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { DueReminder, SubscriptionFacts } from './reminder-events';
import type { Person, RemindersContext } from './reminders.deps';
import { pushSubscriptions, reminderDeliveries, type ReminderChannel } from './reminders.tables';

/** How long after a returned payment it is still worth a reminder. */
const FAILED_PAYMENT_RECENT_DAYS = 7;

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The bills of these people, each with the day of its latest recent failed payment (or null),
 * by person; `todayOf` holds each person's own day. Recent is counted from that day: the latest
 * failure since the earliest of them is read once, and kept for a bill when it is recent for
 * its owner.
 */
export async function factsOfPeople(
  ctx: RemindersContext,
  todayOf: Map<string, string>,
  tx: Db,
): Promise<Map<string, SubscriptionFacts[]>> {
  const factsOf = new Map<string, SubscriptionFacts[]>();
  if (todayOf.size === 0) return factsOf;
  const bills = await ctx.bills.reminderFactsOf([...todayOf.keys()], tx);
  if (bills.length === 0) return factsOf;
  const sinceOf = new Map(
    [...todayOf].map(([userId, today]) => [userId, daysBefore(today, FAILED_PAYMENT_RECENT_DAYS)]),
  );
  const failures = await ctx.failedPaymentsSince(
    bills.map((bill) => bill.id),
    [...sinceOf.values()].reduce((a, b) => (a < b ? a : b)),
    tx,
  );
  const failedOn = new Map(failures.map((f) => [f.subscriptionId, f.date]));
  for (const { userId, ...bill } of bills) {
    // A failed payment recorded from a bank's return or fee (handle failed payment).
    const failed = failedOn.get(bill.id);
    const facts = {
      ...bill,
      failedPaymentDate: failed && failed >= sinceOf.get(userId)! ? failed : null,
    };
    const own = factsOf.get(userId);
    if (own) own.push(facts);
    else factsOf.set(userId, [facts]);
  }
  return factsOf;
}

/** The person's bills, each with the day of its latest recent failed payment (or null). */
export async function factsOf(ctx: RemindersContext, userId: string, today: string, tx: Db) {
  return (await factsOfPeople(ctx, new Map([[userId, today]]), tx)).get(userId) ?? [];
}

/** Which of these people opted in to web push from a browser (none when push is off). */
export async function pushedPeople(ctx: RemindersContext, userIds: string[], tx: Db) {
  if (!ctx.push || userIds.length === 0) return new Set<string>();
  const rows = await tx
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}

/** The channels that reach the person, in the order a day's digest tries them. */
export function channelsFrom(person: Person, prefs: ReminderPreferences, hasPush: boolean) {
  const channels: ReminderChannel[] = [];
  // docs/reminders.md, "Channels": the subscription notifications setting is about texts before a
  // bill.
  if (person.isSubscriptionNotificationsEnabled) channels.push('sms');
  if (person.email && person.isEmailVerified && prefs.isEmailEnabled) channels.push('email');
  if (hasPush) channels.push('push');
  return channels;
}

export async function channelsOf(
  ctx: RemindersContext,
  person: Person,
  prefs: ReminderPreferences,
  tx: Db,
) {
  return channelsFrom(person, prefs, (await pushedPeople(ctx, [person.id], tx)).has(person.id));
}

/** What a channel carried already of people's reminders: ask `has` of one reminder. */
export async function deliveriesOf(
  due: Map<string, DueReminder[]>,
  tx: Db,
): Promise<{ has: (userId: string, channel: ReminderChannel, reminder: DueReminder) => boolean }> {
  const keyOf = (userId: string, channel: string, eventKey: string, offsetDays: number) =>
    `${userId}|${channel}|${eventKey}|${offsetDays}`;
  const eventKeys = [...new Set([...due.values()].flat().map((d) => d.eventKey))];
  const sent =
    eventKeys.length === 0
      ? []
      : await tx
          .select({
            userId: reminderDeliveries.userId,
            channel: reminderDeliveries.channel,
            eventKey: reminderDeliveries.eventKey,
            offsetDays: reminderDeliveries.offsetDays,
          })
          .from(reminderDeliveries)
          .where(
            and(
              inArray(reminderDeliveries.userId, [...due.keys()]),
              inArray(reminderDeliveries.eventKey, eventKeys),
            ),
          );
  const taken = new Set(sent.map((s) => keyOf(s.userId, s.channel, s.eventKey, s.offsetDays)));
  return {
    has: (userId, channel, d) => taken.has(keyOf(userId, channel, d.eventKey, d.offsetDays)),
  };
}

/** The reminders due today on a channel that it has not carried yet. */
export async function undelivered(
  userId: string,
  channel: ReminderChannel,
  due: DueReminder[],
  tx: Db,
) {
  if (due.length === 0) return [];
  const delivered = await deliveriesOf(new Map([[userId, due]]), tx);
  return due.filter((d) => !delivered.has(userId, channel, d));
}
