import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { calendarFeeds } from './calendar.tables';

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;

export function createCalendarRepo(db: Db) {
  return {
    async feedOf(userId: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row;
    },
    /** Stores the person's feed secret; with `replace`, over the one they had. */
    async save(
      row: { userId: string; secretHash: string; secretEncrypted: string },
      replace: boolean,
    ) {
      const insert = db.insert(calendarFeeds).values(row);
      const rows = replace
        ? await insert
            .onConflictDoUpdate({
              target: calendarFeeds.userId,
              set: {
                secretHash: row.secretHash,
                secretEncrypted: row.secretEncrypted,
                createdAt: new Date(),
              },
            })
            .returning()
        : await insert.onConflictDoNothing().returning();
      return rows[0];
    },
    async ownerOf(secretHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: calendarFeeds.userId })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.secretHash, secretHash));
      return row?.userId;
    },
    async forget(userId: string) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },
  };
}
