/**
 * The chat's message pace counted in the database: a person's messages of the last minute are
 * counted and the next one recorded in one step under an advisory lock on the person, so two API
 * processes (or two sockets) cannot both let the last allowed message through.
 */
import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { MessagePace } from './chat.conversation';
import { chatMessageTimes } from './chat.tables';

const WINDOW_MS = 60_000;

export function createDbMessagePace(db: Db, perMinute: number, now: () => Date): MessagePace {
  return {
    allow: (userId) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-pace:${userId}`}))`);
        const at = now();
        await tx
          .delete(chatMessageTimes)
          .where(
            and(
              eq(chatMessageTimes.userId, userId),
              lte(chatMessageTimes.sentAt, new Date(at.getTime() - WINDOW_MS)),
            ),
          );
        const [row] = await tx
          .select({ n: count() })
          .from(chatMessageTimes)
          .where(eq(chatMessageTimes.userId, userId));
        if ((row?.n ?? 0) >= perMinute) return false;
        await tx.insert(chatMessageTimes).values({ userId, sentAt: at });
        return true;
      }),
  };
}
