import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerificationCodes, feedback, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type UsersRepo = ReturnType<typeof createUsersRepo>;

export function createUsersRepo(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

    async latestEmailCode(userId: string) {
      const [row] = await db
        .select()
        .from(emailVerificationCodes)
        .where(eq(emailVerificationCodes.userId, userId))
        .orderBy(desc(emailVerificationCodes.createdAt))
        .limit(1);
      return row;
    },
    async replaceEmailCode(values: {
      userId: string;
      email: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
    }) {
      return db.transaction(async (tx) => {
        await tx
          .update(emailVerificationCodes)
          .set({ consumedAt: values.now })
          .where(
            and(
              eq(emailVerificationCodes.userId, values.userId),
              isNull(emailVerificationCodes.consumedAt),
            ),
          );
        const [row] = await tx
          .insert(emailVerificationCodes)
          .values({ ...values, createdAt: values.now })
          .returning({ id: emailVerificationCodes.id });
        return row!.id;
      });
    },
    async deleteEmailCode(id: string) {
      await db.delete(emailVerificationCodes).where(eq(emailVerificationCodes.id, id));
    },
    async countEmailAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(emailVerificationCodes)
        .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
        .where(eq(emailVerificationCodes.id, id))
        .returning({ attempts: emailVerificationCodes.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },
    /** Uses the code and marks the email verified in one step, unless the email changed meanwhile. */
    async confirmEmail(codeId: string, userId: string, email: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(emailVerificationCodes)
          .set({ consumedAt: now })
          .where(
            and(eq(emailVerificationCodes.id, codeId), isNull(emailVerificationCodes.consumedAt)),
          )
          .returning({ id: emailVerificationCodes.id });
        if (used.length !== 1) return false;
        const verified = await tx
          .update(users)
          .set({ isEmailVerified: true, updatedAt: now })
          .where(and(eq(users.id, userId), eq(users.email, email)))
          .returning({ id: users.id });
        return verified.length === 1;
      });
    },
  };
}
