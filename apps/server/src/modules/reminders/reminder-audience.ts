/**
 * Who is told what, and where: the facts of a person's bills that reminders are made from, the
 * channels that reach them (docs/reminders.md, "Channels"), and which reminders due today a
 * channel has not carried yet.
 */
import type { ReminderPreferences } from '@billow/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { DueReminder } from './reminder-events';
import type { Person, RemindersContext } from './reminders.deps';
import { pushSubscriptions, reminderDeliveries, type ReminderChannel } from './reminders.tables';

/** How long after a returned payment it is still worth a reminder. */
const FAILED_PAYMENT_RECENT_DAYS = 7;

/** The person's bills, each with the day of its latest recent failed payment (or null). */
export async function factsOf(ctx: RemindersContext, userId: string, today: string, tx: Db) {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - FAILED_PAYMENT_RECENT_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const bills = await ctx.bills.reminderFactsOf(userId, tx);
  if (bills.length === 0) return [];
  const failures = await ctx.failedPaymentsSince(
    bills.map((bill) => bill.id),
    since,
    tx,
  );
  const failedOn = new Map(failures.map((f) => [f.subscriptionId, f.date]));
  // A failed payment recorded from a bank's return or fee (handle failed payment).
  return bills.map((bill) => ({ ...bill, failedPaymentDate: failedOn.get(bill.id) ?? null }));
}

export async function channelsOf(
  ctx: RemindersContext,
  person: Person,
  prefs: ReminderPreferences,
  tx: Db,
) {
  const channels: ReminderChannel[] = [];
  // docs/reminders.md, "Channels": the subscription notifications setting is about texts before a
  // bill.
  if (person.isSubscriptionNotificationsEnabled) channels.push('sms');
  if (person.email && person.isEmailVerified && prefs.isEmailEnabled) channels.push('email');
  if (ctx.push) {
    const [push] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.id))
      .limit(1);
    if (push) channels.push('push');
  }
  return channels;
}

/** The reminders due today on a channel that it has not carried yet. */
export async function undelivered(
  userId: string,
  channel: ReminderChannel,
  due: DueReminder[],
  tx: Db,
) {
  if (due.length === 0) return [];
  const sent = await tx
    .select({ eventKey: reminderDeliveries.eventKey, offsetDays: reminderDeliveries.offsetDays })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.userId, userId),
        eq(reminderDeliveries.channel, channel),
        inArray(
          reminderDeliveries.eventKey,
          due.map((d) => d.eventKey),
        ),
      ),
    );
  const taken = new Set(sent.map((s) => `${s.eventKey}|${s.offsetDays}`));
  return due.filter((d) => !taken.has(`${d.eventKey}|${d.offsetDays}`));
}
