import { desc, eq, inArray } from 'drizzle-orm';
import type { OutboxMessage } from '@billow/contracts';
import type { Db } from '../../db/database';
import { outboxMessages } from './outbox.tables';

/**
 * The sandbox outbox: where the sandbox SMS, email and push senders put what they would have
 * sent, kept in the database so an API process and a worker process see the same messages. The
 * dev module serves it at /api/dev/outbox; the messages of a deleted person are forgotten there.
 */
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;

export function createOutboxRepo(db: Db) {
  return {
    async add(message: {
      channel: 'sms' | 'email' | 'push';
      to: string;
      subject?: string;
      body: string;
    }): Promise<string> {
      const [row] = await db
        .insert(outboxMessages)
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject ?? null,
          body: message.body,
        })
        .returning({ id: outboxMessages.id });
      return row!.id;
    },
    /** Newest first; at most 50, so the page stays readable. */
    async list(to?: string): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(to ? eq(outboxMessages.recipient, to) : undefined)
        .orderBy(desc(outboxMessages.sentAt))
        .limit(50);
      return rows.map((row) => ({
        channel: row.channel,
        to: row.recipient,
        ...(row.subject ? { subject: row.subject } : {}),
        body: row.body,
        sentAt: row.sentAt.toISOString(),
      }));
    },
    async deleteFor(recipients: string[]): Promise<void> {
      if (recipients.length > 0)
        await db.delete(outboxMessages).where(inArray(outboxMessages.recipient, recipients));
    },
  };
}
