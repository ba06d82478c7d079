/**
 * Sending a digest, once from Billow's side (see reminders.service.ts for the keys): queueing
 * its channel's send job, taking it before a send and marking it sent after, and queueing again
 * the sends a crash abandoned.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Person, RemindersContext } from './reminders.deps';
import { reminderDigests, type DigestMessage, type ReminderChannel } from './reminders.tables';

/**
 * A digest in `sending` this long was abandoned: every provider call gives up well before (SMTP
 * after 20 s of silence, web push after 10 s, Twilio's SDK likewise), so only a process that
 * died leaves one this old.
 */
const STALE_SENDING_MS = 10 * 60_000;
/** A digest abandoned longer ago than this is left: its "renews tomorrow" would now be wrong. */
const RESEND_WITHIN_MS = 18 * 60 * 60_000;

/** A digest taken for sending before `cutoff` (one taken before sendingAt was kept counts). */
const takenBefore = (cutoff: Date) =>
  and(
    eq(reminderDigests.status, 'sending'),
    sql`coalesce(${reminderDigests.sendingAt}, ${reminderDigests.createdAt}) < ${cutoff.toISOString()}`,
  );

/** Queues the channel's send job for a digest, in the transaction that recorded it. */
export async function enqueueSend(
  ctx: RemindersContext,
  tx: Db,
  person: Person,
  channel: ReminderChannel,
  digestId: string,
  message: DigestMessage,
) {
  await tx.update(reminderDigests).set({ message }).where(eq(reminderDigests.id, digestId));
  const ref = { digestId, userId: person.id };
  if (channel === 'sms') {
    await ctx.jobs.send(
      'notification-send-sms',
      { ...ref, to: person.phoneNumber, body: message.sms },
      { tx },
    );
  } else if (channel === 'email') {
    await ctx.jobs.send(
      'notification-send-email',
      { ...ref, to: person.email!, subject: message.subject, text: message.email },
      { tx },
    );
  } else {
    await ctx.jobs.send(
      'notification-send-push',
      {
        ...ref,
        title: message.title,
        body: message.push,
        url: message.url ?? '/',
        badge: message.badge,
      },
      { tx },
    );
  }
}

/**
 * Queues the send again of every digest a crash left in `sending` (see reminders.service.ts):
 * to the person's address of now, in the words it was written with.
 */
export async function resendAbandoned(ctx: RemindersContext, at: Date) {
  const abandoned = await ctx.db
    .select({
      id: reminderDigests.id,
      userId: reminderDigests.userId,
      channel: reminderDigests.channel,
      message: reminderDigests.message,
    })
    .from(reminderDigests)
    .where(
      and(
        takenBefore(new Date(at.getTime() - STALE_SENDING_MS)),
        gt(reminderDigests.createdAt, new Date(at.getTime() - RESEND_WITHIN_MS)),
      ),
    );
  for (const digest of abandoned) {
    if (!digest.message) continue;
    await ctx.db.transaction(async (tx) => {
      const person = await ctx.people.contactOf(digest.userId, tx);
      if (!person || (digest.channel === 'email' && !person.email)) return;
      await enqueueSend(ctx, tx, person, digest.channel, digest.id, digest.message!);
    });
  }
  return abandoned.length;
}

/**
 * Runs `send` for a notification that belongs to a digest only when this job takes the digest:
 * pending, or abandoned in `sending` by a process that died (stale). It is put back if the
 * provider refused, and marked sent after.
 */
export async function deliverOnce(
  ctx: RemindersContext,
  digestId: string | undefined,
  send: () => Promise<unknown>,
) {
  const { db } = ctx;
  if (!digestId) {
    await send();
    return;
  }
  const at = ctx.now();
  const taken = await db
    .update(reminderDigests)
    .set({ status: 'sending', sendingAt: at })
    .where(
      and(
        eq(reminderDigests.id, digestId),
        or(
          eq(reminderDigests.status, 'pending'),
          takenBefore(new Date(at.getTime() - STALE_SENDING_MS)),
        ),
      ),
    )
    .returning({ id: reminderDigests.id });
  if (taken.length === 0) return;
  try {
    await send();
  } catch (error) {
    await db
      .update(reminderDigests)
      .set({ status: 'pending' })
      .where(eq(reminderDigests.id, digestId));
    throw error;
  }
  await db
    .update(reminderDigests)
    .set({ status: 'sent', sentAt: ctx.now() })
    .where(eq(reminderDigests.id, digestId));
}
