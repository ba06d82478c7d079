/**
 * Writing digests: a person's reminders due on a day, one digest per channel (docs/reminders.md),
 * and the alerts module's alerts, once per channel. Each digest row is the once-key of what it
 * carries; its send job is queued in the same transaction.
 */
import type { Db } from '../../db/database';
import { eq } from 'drizzle-orm';
import { channelsOf, factsOf, undelivered } from './reminder-audience';
import { digestLines, dueReminders } from './reminder-events';
import { preferencesOf } from './reminder-preferences';
import { enqueueSend } from './reminder-sends';
import type { RemindersContext } from './reminders.deps';
import { reminderDeliveries, reminderDigests, type DigestMessage } from './reminders.tables';

/** The alerts the alerts module sends through the person's reminder channels. */
type AlertKind = 'overdraft' | 'charged_after_cancel';
/** Texts go only when `textsAllowed`; `subjectKey` tells apart alerts of one kind on one day. */
type AlertOptions = { textsAllowed: boolean; subjectKey?: string };

const SUBJECT = 'Billow: bills and trials coming up';

/** The dashboard with a subscription's cancel sheet open (docs/cancellations.md). */
const cancelPathOf = (subscriptionId: string) => `/?cancel=${subscriptionId}`;

/**
 * send renewal reminder: a person's reminders due on `localDate`, one digest per channel that
 * has not had one that day, each sent by its channel's job (enqueued in the same transaction
 * that records the deliveries).
 */
export async function sendDayReminders(ctx: RemindersContext, userId: string, localDate: string) {
  await ctx.db.transaction(async (tx) => {
    const person = await ctx.people.contactOf(userId, tx);
    if (!person) return;
    const prefs = await preferencesOf(ctx, userId, tx, person.timeZone);
    const due = dueReminders(
      await factsOf(ctx, userId, localDate, tx),
      prefs.offsetsDays,
      localDate,
      (subscriptionId) => `${ctx.publicUrl ?? ''}${cancelPathOf(subscriptionId)}`,
    );
    for (const channel of await channelsOf(ctx, person, prefs, tx)) {
      const fresh = await undelivered(userId, channel, due, tx);
      if (fresh.length === 0) continue;
      const [digest] = await tx
        .insert(reminderDigests)
        .values({ userId, channel, localDate, createdAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ id: reminderDigests.id });
      // Today's digest on this channel is out already: the rest waits for tomorrow.
      if (!digest) continue;
      const recorded = await tx
        .insert(reminderDeliveries)
        .values(
          fresh.map((d) => ({
            userId,
            digestId: digest.id,
            eventKey: d.eventKey,
            type: d.type,
            offsetDays: d.offsetDays,
            channel,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventKey: reminderDeliveries.eventKey });
      const keys = new Set(recorded.map((r) => r.eventKey));
      const lines = digestLines(fresh.filter((d) => keys.has(d.eventKey)));
      if (lines.length === 0) {
        await tx.delete(reminderDigests).where(eq(reminderDigests.id, digest.id));
        continue;
      }
      // A push opens the one trial it is about on its cancel sheet; otherwise the dashboard.
      const trials = fresh.filter((d) => keys.has(d.eventKey) && d.type === 'trial_expiring');
      const trial = lines.length === 1 && trials.length > 0 ? trials[0] : undefined;
      await enqueueSend(ctx, tx, person, channel, digest.id, {
        ...(trial ? { url: cancelPathOf(trial.subscriptionId) } : {}),
        sms: `Billow: ${lines.join('. ')}.`,
        subject: SUBJECT,
        email: `Coming up:\n${lines.map((l) => `- ${l}`).join('\n')}\n\nBillow`,
        title: lines.length === 1 ? 'Billow reminder' : `${lines.length} Billow reminders`,
        push: lines.join('\n'),
        badge: lines.length,
      });
    }
  });
}

/**
 * An alert sent once on each of the person's channels: its digest rows (kind, channel, day)
 * are the once-keys, its send jobs queued in `tx`. Texts go only when `textsAllowed`.
 */
export async function alertOnce(
  ctx: RemindersContext,
  tx: Db,
  userId: string,
  kind: AlertKind,
  localDate: string,
  message: DigestMessage,
  options: AlertOptions,
) {
  const person = await ctx.people.contactOf(userId, tx);
  if (!person) return 0;
  const prefs = await preferencesOf(ctx, userId, tx, person.timeZone);
  const channels = await channelsOf(
    ctx,
    { ...person, isSubscriptionNotificationsEnabled: options.textsAllowed },
    prefs,
    tx,
  );
  let sent = 0;
  for (const channel of channels) {
    const [digest] = await tx
      .insert(reminderDigests)
      .values({
        userId,
        kind,
        channel,
        localDate,
        subjectKey: options.subjectKey ?? '',
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: reminderDigests.id });
    if (!digest) continue;
    await enqueueSend(ctx, tx, person, channel, digest.id, message);
    sent++;
  }
  return sent;
}
