/**
 * The browsers a person opted in to web push from. A subscription's endpoint is a capability
 * URL (whoever has it can push to that browser), so the row keeps it encrypted, findable by its
 * hash. A subscription the push service says is gone is forgotten. An endpoint stays with the
 * person who registered it: it moves to another account only from the same browser, proved by
 * its keys (a shared browser signed in as someone else), never on the endpoint alone.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PushSubscriptionBody } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import {
  PushEndpointRefusedError,
  PushSubscriptionGoneError,
  type PushMessage,
  type PushSender,
} from '../../providers/push/push-sender';
import type { FieldCipher } from '../../security/encryption';
import { ProblemError } from '../../http/problem';
import type { UsersRepo } from '../users/users.repo';
import { pushSubscriptions } from './reminders.tables';

export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;

const hash = (endpoint: string) => crypto.createHash('sha256').update(endpoint).digest('hex');

const storedKeys = z.object({ keys: z.object({ p256dh: z.string(), auth: z.string() }) });

/** Whether two subscriptions carry the same browser keys (compared in constant time). */
function sameKeys(stored: unknown, offered: PushSubscriptionBody): boolean {
  const parsed = storedKeys.safeParse(stored);
  if (!parsed.success) return false;
  const a = Buffer.from(`${parsed.data.keys.p256dh}.${parsed.data.keys.auth}`);
  const b = Buffer.from(`${offered.keys.p256dh}.${offered.keys.auth}`);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function createPushSubscriptions(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  pushSender: PushSender;
  vapidPublicKey: string;
  cipher: FieldCipher;
  /** The person's phone number, for the sandbox outbox (the users module). */
  people: Pick<UsersRepo, 'contactOf'>;
}) {
  const { db } = deps;
  async function isSubscribed(userId: string) {
    const [row] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .limit(1);
    return Boolean(row);
  }
  return {
    async key(userId: string) {
      return { publicKey: deps.vapidPublicKey, subscribed: await isSubscribed(userId) };
    },

    async subscribe(userId: string, subscription: PushSubscriptionBody) {
      try {
        await deps.pushSender.checkEndpoint?.(subscription.endpoint);
      } catch (error) {
        if (!(error instanceof PushEndpointRefusedError)) throw error;
        const detail = 'Billow only sends notifications through the browsers’ push services.';
        throw new ProblemError('validation', detail, {
          errors: [{ field: 'endpoint', message: detail, code: 'invalid' }],
        });
      }
      const values = {
        userId,
        endpointHash: hash(subscription.endpoint),
        subscriptionEncrypted: deps.cipher.encrypt(JSON.stringify(subscription)),
      };
      const isMoved = await db.transaction(async (tx) => {
        const [owner] = await tx
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpointHash, values.endpointHash))
          .for('update');
        // The same browser signing in as someone else moves to them; someone who only knows
        // the endpoint cannot take it.
        if (
          owner &&
          owner.userId !== userId &&
          !sameKeys(JSON.parse(deps.cipher.decrypt(owner.subscriptionEncrypted)), subscription)
        ) {
          return false;
        }
        await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({ target: pushSubscriptions.endpointHash, set: values });
        return true;
      });
      if (!isMoved) {
        throw new ProblemError(
          'conflict',
          'These notifications belong to another Billow account. Turn notifications off and on again in this browser to get them here.',
        );
      }
      return { success: true as const };
    },

    /** A test notification from the profile, through the same job as the reminders. */
    async sendTest(userId: string) {
      if (!(await isSubscribed(userId))) return { sent: 0 };
      await deps.jobs.send('notification-send-push', {
        userId,
        title: 'Billow notifications are on',
        body: 'This is how reminders before your bills will look.',
        // Billow's pages are / and its sections, which an address cannot name: open the app.
        url: '/',
      });
      return { sent: 1 };
    },

    /** Sends to each of the person's browsers; returns how many took it. */
    async sendToPerson(userId: string, message: PushMessage) {
      const person = await deps.people.contactOf(userId);
      if (!person) return 0;
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      let delivered = 0;
      let failure: unknown;
      for (const row of rows) {
        const subscription = JSON.parse(
          deps.cipher.decrypt(row.subscriptionEncrypted),
        ) as PushSubscriptionBody;
        try {
          await deps.pushSender.send({ ...subscription, recipient: person.phoneNumber }, message);
          delivered++;
        } catch (error) {
          if (error instanceof PushSubscriptionGoneError) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
          } else failure = error;
        }
      }
      // Nobody took it and a browser refused for a reason that may pass: retry the job.
      if (delivered === 0 && failure) throw failure;
      return delivered;
    },
  };
}
