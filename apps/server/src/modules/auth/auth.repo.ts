import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../users/users.tables';
import { otpCodes, refreshTokens } from './auth.tables';

export type AuthRepo = ReturnType<typeof createAuthRepo>;

export function createAuthRepo(db: Db) {
  return {
    async latestOtp(phoneNumber: string) {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.phoneNumber, phoneNumber))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return row;
    },
    async otpSentSince(
      phoneNumber: string,
      since: Date,
    ): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({
          count: count(),
          oldest: sql<Date | null>`min(${otpCodes.createdAt})`.mapWith(otpCodes.createdAt),
        })
        .from(otpCodes)
        .where(and(eq(otpCodes.phoneNumber, phoneNumber), gte(otpCodes.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },
    /** A new code replaces every earlier one of the phone. */
    async replaceOtp(values: {
      phoneNumber: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
    }) {
      return db.transaction(async (tx) => {
        await tx
          .update(otpCodes)
          .set({ consumedAt: values.now })
          .where(and(eq(otpCodes.phoneNumber, values.phoneNumber), isNull(otpCodes.consumedAt)));
        const [row] = await tx
          .insert(otpCodes)
          .values({
            phoneNumber: values.phoneNumber,
            codeHash: values.codeHash,
            expiresAt: values.expiresAt,
            createdAt: values.now,
          })
          .returning({ id: otpCodes.id });
        return row!.id;
      });
    },
    async deleteOtp(id: string) {
      await db.delete(otpCodes).where(eq(otpCodes.id, id));
    },
    /** Counts a wrong try atomically, so parallel guesses cannot share one attempt. */
    async countAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ attempts: otpCodes.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },
    /** Marks a code used; false when another request used it first. */
    async consumeOtp(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length === 1;
    },
    async deleteOtpsFor(phoneNumber: string) {
      await db.delete(otpCodes).where(eq(otpCodes.phoneNumber, phoneNumber));
    },

    async findUserByPhone(phoneNumber: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber))
        .limit(1);
      return row;
    },
    async findUserById(id: string) {
      const [row] = await db
        .select({ id: users.id, phoneNumber: users.phoneNumber })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },
    /** Creates the user of a phone, or finds the one a parallel request just created. */
    async findOrCreateUser(phoneNumber: string) {
      const [created] = await db
        .insert(users)
        .values({ phoneNumber })
        .onConflictDoNothing()
        .returning();
      if (created) return { user: created, isNew: true };
      const [existing] = await db
        .select()
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber))
        .limit(1);
      return { user: existing!, isNew: false };
    },

    async insertRefreshToken(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
    }) {
      await db.insert(refreshTokens).values(values);
    },
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ token: refreshTokens, phoneNumber: users.phoneNumber })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    /** Retires a token as it is rotated; false when it was already rotated (a replay). */
    async markReplaced(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ replacedAt: now })
        .where(
          and(
            eq(refreshTokens.id, id),
            isNull(refreshTokens.replacedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllForUser(userId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
