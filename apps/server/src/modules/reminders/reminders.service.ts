/**
 * Reminders: the scan that finds people with reminders due, the day's digest per channel, and
 * the sends. Delivery is at least once, and never twice from Billow's side, on two keys: a
 * delivery row per (person, event, offset, channel) — the idempotency key of one reminder,
 * which puts it in exactly one digest — and a digest per (person, channel, local day) that a
 * send job takes (pending → sending, stamped) before sending and marks sent after. A send job
 * run twice finds the digest taken or sent and sends nothing. A process that dies mid-send
 * leaves its digest in `sending`: once that is STALE_SENDING_MS old, the next hourly scan queues
 * the send again (and a retry of the original job may take it too; the take lets one through).
 * What no key can cover is a crash in the moment between the provider accepting a message and
 * Billow recording it: that one reminder is sent again (at least once, not at most once). The
 * providers cannot close it either: Twilio's Messages API, SMTP and Web Push take no idempotency
 * key to tell a resend from a new message.
 */
import { setImmediate } from 'node:timers/promises';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
  localTimeIn,
  type ReminderPreferences,
  type ReminderPreferencesUpdate,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { JOB_LIMITS } from '../../jobs/job-map';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { EmailSender } from '../../providers/email/email-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { UsersRepo } from '../users/users.repo';
import {
  DEFAULT_OFFSETS_DAYS,
  digestLines,
  dueReminders,
  isQuietHour,
  type DueReminder,
} from './reminder-events';
import {
  pushSubscriptions,
  reminderDeliveries,
  reminderDigests,
  reminderPreferences,
  type DigestMessage,
  type ReminderChannel,
} from './reminders.tables';

export type RemindersService = ReturnType<typeof createRemindersService>;

export type Message = DigestMessage;

/** The dashboard with a subscription's cancel sheet open (docs/cancellations.md). */
export const cancelPathOf = (subscriptionId: string) => `/?cancel=${subscriptionId}`;

/**
 * A digest in `sending` this long was abandoned: every provider call gives up well before (SMTP
 * after 20 s of silence, web push after 10 s, Twilio's SDK likewise), so only a process that
 * died leaves one this old.
 */
export const STALE_SENDING_MS = 10 * 60_000;
/** A digest abandoned longer ago than this is left: its "renews tomorrow" would now be wrong. */
const RESEND_WITHIN_MS = 18 * 60 * 60_000;

type Person = {
  id: string;
  phoneNumber: string;
  email: string | null;
  isEmailVerified: boolean;
  isSubscriptionNotificationsEnabled: boolean;
};

/** How long after a returned payment it is still worth a reminder. */
const FAILED_PAYMENT_RECENT_DAYS = 7;

const DEFAULTS = {
  offsetsDays: [...DEFAULT_OFFSETS_DAYS],
  quietHoursStart: 21,
  quietHoursEnd: 8,
  timeZone: 'UTC',
  isEmailEnabled: true,
};

export type RemindersServiceDeps = Parameters<typeof createRemindersService>[0];

export function createRemindersService(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  email: EmailSender;
  /** Sends one web-push message to every browser the person opted in from; absent: no push. */
  push?: (
    userId: string,
    message: { title: string; body: string; url?: string },
  ) => Promise<number>;
  /** How to reach people and the zone of their days (the users module). */
  people: Pick<UsersRepo, 'contactOf' | 'contactsAfter' | 'idsEvery' | 'timeZoneOf'>;
  /** What reminders tell of the person's bills (the subscriptions module). */
  bills: Pick<PublishedSubscriptions, 'reminderFactsOf'>;
  /** The day of each bill's latest failed payment since a day (the alerts module). */
  failedPaymentsSince: (
    subscriptionIds: string[],
    since: string,
    tx: Db,
  ) => Promise<{ subscriptionId: string; date: string }[]>;
  clock?: () => Date;
  /** Billow's address, for the links a reminder carries (PUBLIC_URL). */
  publicUrl?: string;
}) {
  const { db, jobs } = deps;
  const now = deps.clock ?? (() => new Date());

  /**
   * The person's reminder settings, in the zone of their profile (its one source): `knownZone`
   * when the caller read the profile already.
   */
  async function preferencesOf(
    userId: string,
    tx: Db = db,
    knownZone?: string,
  ): Promise<ReminderPreferences> {
    const [zone, [prefs]] = await Promise.all([
      knownZone ?? deps.people.timeZoneOf(userId, tx),
      tx.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId)),
    ]);
    const timeZone = zone ?? DEFAULTS.timeZone;
    if (!prefs) return { ...DEFAULTS, offsetsDays: [...DEFAULTS.offsetsDays], timeZone };
    return {
      offsetsDays: prefs.offsetsDays,
      quietHoursStart: prefs.quietHoursStart,
      quietHoursEnd: prefs.quietHoursEnd,
      timeZone,
      isEmailEnabled: prefs.isEmailEnabled,
    };
  }

  async function factsOf(userId: string, today: string, tx: Db = db) {
    const since = new Date(
      Date.parse(`${today}T00:00:00Z`) - FAILED_PAYMENT_RECENT_DAYS * 86_400_000,
    )
      .toISOString()
      .slice(0, 10);
    const bills = await deps.bills.reminderFactsOf(userId, tx);
    if (bills.length === 0) return [];
    const failures = await deps.failedPaymentsSince(
      bills.map((bill) => bill.id),
      since,
      tx,
    );
    const failedOn = new Map(failures.map((f) => [f.subscriptionId, f.date]));
    // A failed payment recorded from a bank's return or fee (handle failed payment).
    return bills.map((bill) => ({ ...bill, failedPaymentDate: failedOn.get(bill.id) ?? null }));
  }

  async function channelsOf(person: Person, prefs: ReminderPreferences, tx: Db = db) {
    const channels: ReminderChannel[] = [];
    // docs/reminders.md, "Channels": the subscription notifications setting is about texts before a
    // bill.
    if (person.isSubscriptionNotificationsEnabled) channels.push('sms');
    if (person.email && person.isEmailVerified && prefs.isEmailEnabled) channels.push('email');
    if (deps.push) {
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
  async function undelivered(userId: string, channel: ReminderChannel, due: DueReminder[], tx: Db) {
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

  /**
   * One page of people (ordered by id, after `afterUserId`, up to `throughUserId`): for each with
   * a reminder due on a channel that has not had today's digest, outside their quiet hours, one
   * "send renewal reminder" job for their day. Returns the last id seen, or null when the page
   * was the last.
   */
  async function scanBatch(
    batchSize: number,
    afterUserId: string | undefined,
    throughUserId: string | undefined,
    eachPerson?: (userId: string, tx: Db) => Promise<void>,
  ) {
    const people = await deps.people.contactsAfter(afterUserId, batchSize, throughUserId);
    const at = now();
    // One transaction a person, not a batch: on the embedded database a transaction holds the
    // one connection, and requests wait for it to end. And a turn of the event loop between
    // people: the embedded database answers on this thread, so without it the scan's chain of
    // statements never lets a request be read at all.
    for (const person of people) {
      await setImmediate();
      await db.transaction(async (tx) => {
        await eachPerson?.(person.id, tx);
        const prefs = await preferencesOf(person.id, tx, person.timeZone);
        const local = localTimeIn(prefs.timeZone, at);
        if (isQuietHour(local.hour, prefs.quietHoursStart, prefs.quietHoursEnd)) return;
        const due = dueReminders(
          await factsOf(person.id, local.date, tx),
          prefs.offsetsDays,
          local.date,
        );
        if (due.length === 0) return;
        for (const channel of await channelsOf(person, prefs, tx)) {
          if ((await undelivered(person.id, channel, due, tx)).length === 0) continue;
          await jobs.send(
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

  const SUBJECT = 'Billow: bills and trials coming up';

  /** Queues the channel's send job for a digest, in the transaction that recorded it. */
  async function enqueueSend(
    tx: Db,
    person: Person,
    channel: ReminderChannel,
    digestId: string,
    message: Message,
  ) {
    await tx.update(reminderDigests).set({ message }).where(eq(reminderDigests.id, digestId));
    const ref = { digestId, userId: person.id };
    if (channel === 'sms') {
      await jobs.send(
        'notification-send-sms',
        { ...ref, to: person.phoneNumber, body: message.sms },
        { tx },
      );
    } else if (channel === 'email') {
      await jobs.send(
        'notification-send-email',
        { ...ref, to: person.email!, subject: message.subject, text: message.email },
        { tx },
      );
    } else {
      await jobs.send(
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
   * An alert sent once on each of the person's channels: its digest rows (kind, channel, day)
   * are the once-keys, its send jobs queued in `tx`. Texts go only when `textsAllowed`.
   */
  async function alertOnce(
    tx: Db,
    userId: string,
    kind: 'overdraft' | 'charged_after_cancel',
    localDate: string,
    message: Message,
    options: { textsAllowed: boolean; subjectKey?: string },
  ) {
    const person = await deps.people.contactOf(userId, tx);
    if (!person) return 0;
    const prefs = await preferencesOf(userId, tx, person.timeZone);
    const channels = await channelsOf(
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
          createdAt: now(),
        })
        .onConflictDoNothing()
        .returning({ id: reminderDigests.id });
      if (!digest) continue;
      await enqueueSend(tx, person, channel, digest.id, message);
      sent++;
    }
    return sent;
  }

  /** A digest taken for sending before `cutoff` (one taken before sendingAt was kept counts). */
  const takenBefore = (cutoff: Date) =>
    and(
      eq(reminderDigests.status, 'sending'),
      sql`coalesce(${reminderDigests.sendingAt}, ${reminderDigests.createdAt}) < ${cutoff.toISOString()}`,
    );

  /**
   * Queues the send again of every digest a crash left in `sending` (see the paragraph on top):
   * to the person's address of now, in the words it was written with.
   */
  async function resendAbandoned(at: Date) {
    const abandoned = await db
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
      await db.transaction(async (tx) => {
        const person = await deps.people.contactOf(digest.userId, tx);
        if (!person || (digest.channel === 'email' && !person.email)) return;
        await enqueueSend(tx, person, digest.channel, digest.id, digest.message!);
      });
    }
    return abandoned.length;
  }

  return {
    preferencesOf,
    alertOnce,
    localTime: (timeZone: string) => localTimeIn(timeZone, now()),

    /** Stores the settings; a zone sent along is the profile's to set, so it is left out. */
    async updatePreferences(userId: string, prefs: ReminderPreferencesUpdate) {
      // Turning email reminders on needs a verified address to send them to. One that was on
      // before the address changed stays as it is: sending skips an address that is not verified.
      if (prefs.isEmailEnabled && !(await preferencesOf(userId)).isEmailEnabled) {
        const person = await deps.people.contactOf(userId);
        if (!person?.email || !person.isEmailVerified)
          throw new ProblemError('validation', EMAIL_REMINDERS_NEED_EMAIL_MESSAGE, {
            errors: [
              {
                field: 'isEmailEnabled',
                message: EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
                code: 'email-not-verified',
              },
            ],
          });
      }
      const { timeZone: _profileOwnsIt, ...kept } = prefs;
      const values = {
        ...kept,
        offsetsDays: [...new Set(prefs.offsetsDays)].sort((a, b) => b - a),
        updatedAt: now(),
      };
      await db
        .insert(reminderPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: reminderPreferences.userId, set: values });
      return preferencesOf(userId);
    },

    /**
     * scan pending events: the hourly fan-out. It splits everyone, by id, into ranges of
     * `batchSize` people and queues one batch job per range (`scanPendingBatch`), so every worker
     * process takes a share. The ranges hold every id between them, a person who joins meanwhile
     * included, so each person is in exactly one. All of a scan's batches are queued in one
     * transaction, the first keyed `<scan job>:first`: the same scan job run again (a retry)
     * finds them queued and queues none twice; the next hour's scan is another job.
     */
    async scanPendingEvents(payload: { batchSize?: number }, scanId: string) {
      const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
      await resendAbandoned(now());
      if (await jobs.hasBeenSent('pending-events-scan-batch', `${scanId}:first`))
        return { batches: 0 };
      const ends = await deps.people.idsEvery(batchSize);
      // The last range has no end: it takes whoever signs up after the ids were read.
      const ranges = [undefined, ...ends].map((afterUserId, i) => ({
        afterUserId,
        throughUserId: ends[i],
      }));
      await db.transaction(async (tx) => {
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
    },

    /** One batch of the scan: the people of its id range, `batchSize` at a time. */
    async scanPendingBatch(
      payload: { batchSize?: number; afterUserId?: string; throughUserId?: string },
      /** Other events of the person found by the same scan (status changes, failed payments). */
      eachPerson?: (userId: string, tx: Db) => Promise<void>,
    ) {
      const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
      let cursor: string | null | undefined = payload.afterUserId;
      do {
        cursor = await scanBatch(batchSize, cursor ?? undefined, payload.throughUserId, eachPerson);
      } while (cursor);
    },

    /**
     * send renewal reminder: a person's reminders due on `localDate`, one digest per channel that
     * has not had one that day, each sent by its channel's job (enqueued in the same transaction
     * that records the deliveries).
     */
    async sendDayReminders(userId: string, localDate: string) {
      await db.transaction(async (tx) => {
        const person = await deps.people.contactOf(userId, tx);
        if (!person) return;
        const prefs = await preferencesOf(userId, tx, person.timeZone);
        const due = dueReminders(
          await factsOf(userId, localDate, tx),
          prefs.offsetsDays,
          localDate,
          (subscriptionId) => `${deps.publicUrl ?? ''}${cancelPathOf(subscriptionId)}`,
        );
        for (const channel of await channelsOf(person, prefs, tx)) {
          const fresh = await undelivered(userId, channel, due, tx);
          if (fresh.length === 0) continue;
          const [digest] = await tx
            .insert(reminderDigests)
            .values({ userId, channel, localDate, createdAt: now() })
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
          await enqueueSend(tx, person, channel, digest.id, {
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
    },

    /**
     * Runs `send` for a notification that belongs to a digest only when this job takes the
     * digest: pending, or abandoned in `sending` by a process that died (stale). It is put back
     * if the provider refused, and marked sent after.
     */
    async deliverOnce(digestId: string | undefined, send: () => Promise<unknown>) {
      if (!digestId) {
        await send();
        return;
      }
      const at = now();
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
        .set({ status: 'sent', sentAt: now() })
        .where(eq(reminderDigests.id, digestId));
    },

    sms: deps.sms,
    email: deps.email,
    push: deps.push,
  };
}
