import { and, eq, isNull, sql } from 'drizzle-orm';
import { SESSION_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createResponseCache } from '../../db/response-cache';
import { refreshTokens } from './auth.tables';

export type AuthRepo = ReturnType<typeof createAuthRepo>;

export function createAuthRepo(db: Db, changes: ChangeFeed) {
  // Every signed-in request asks this: built once and prepared (named on the PostgreSQL server,
  // so it is parsed and planned once per connection), not rebuilt per call.
  // A refresh token's row goes with its person's (the foreign key cascades), so an open session
  // of theirs is enough to know the person is still there.
  const sessionUser = db
    .select({ id: refreshTokens.userId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, sql.placeholder('userId')),
        eq(refreshTokens.familyId, sql.placeholder('familyId')),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1)
    .prepare('auth_session_user');
  // A session stays good until its row is revoked or deleted: kept in memory until the
  // database says so, it costs no query per request.
  const activeSessions = createResponseCache<{ id: string }>(changes, SESSION_CHANNEL, {
    max: 10_000,
  });
  return {
    async insertRefreshToken(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(refreshTokens).values(values);
    },
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    /**
     * Retires a token and stores its successor in one step; false when the token was already
     * rotated or revoked. On the PostgreSQL server a parallel rotation of the same token waits on
     * the row lock, so by the time it answers false the successor is committed and readable.
     */
    async rotate(
      id: string,
      now: Date,
      successor: {
        userId: string;
        familyId: string;
        tokenHash: string;
        expiresAt: Date;
        createdAt: Date;
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const retired = await tx
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
        if (retired.length !== 1) return false;
        await tx.insert(refreshTokens).values(successor).onConflictDoNothing();
        return true;
      });
    },
    /** The user of a bearer token while its session (refresh-token family) is not signed out. */
    async findSessionUser(userId: string, familyId: string) {
      return activeSessions.get(
        familyId,
        async () => {
          const [row] = await sessionUser.execute({ userId, familyId });
          return row;
        },
        (kept) => kept.id === userId,
      );
    },
    /** When a session was signed into with a code: its first refresh token. */
    async sessionStartedAt(familyId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${refreshTokens.createdAt})` })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, familyId));
      return row?.at ? new Date(row.at) : null;
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
