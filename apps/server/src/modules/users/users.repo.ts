import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { feedback, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type UsersRepo = ReturnType<typeof createUsersRepo>;

export function createUsersRepo(db: Db) {
  // Read on every page load (profile-info): built and planned once, not per request (issue 42).
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },
    async update(
      id: string,
      values: Partial<Omit<typeof users.$inferInsert, 'id' | 'phoneNumber'>>,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
    async addFeedback(userId: string, message: string) {
      await db.insert(feedback).values({ userId, message });
    },
    /** Deletes the user; every table that holds their rows cascades from users.id. */
    async delete(id: string) {
      await db.delete(users).where(eq(users.id, id));
    },

    /** Marks the email verified, unless it changed since the code was sent. */
    async markEmailVerified(userId: string, email: string, now: Date): Promise<boolean> {
      const verified = await db
        .update(users)
        .set({ isEmailVerified: true, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.email, email)))
        .returning({ id: users.id });
      return verified.length === 1;
    },
    /** The next people (by id, after `cursor`) with overdraft protection on. */
    overdraftProtectedAfter: (cursor: string | undefined, limit: number) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isOverdraftProtectionEnabled, true),
            cursor ? gt(users.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit),
  };
}
