import { and, asc, count, eq } from 'drizzle-orm';
import type { AccessTokenScope } from '@billow/contracts';
import type { Db } from '../../db/database';
import { personalAccessTokens } from './access-tokens.tables';

export type AccessTokensRepo = ReturnType<typeof createAccessTokensRepo>;
export type AccessTokenRow = typeof personalAccessTokens.$inferSelect;

export function createAccessTokensRepo(db: Db) {
  return {
    async add(row: {
      userId: string;
      name: string;
      tokenHash: string;
      scopes: AccessTokenScope[];
    }) {
      const [added] = await db.insert(personalAccessTokens).values(row).returning();
      return added!;
    },
    async countOf(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, userId));
      return row?.n ?? 0;
    },
    listOf(userId: string) {
      return db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, userId))
        .orderBy(asc(personalAccessTokens.createdAt), asc(personalAccessTokens.id));
    },
    async byHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.tokenHash, tokenHash));
      return row;
    },
    async markUsed(id: string, at: Date) {
      await db
        .update(personalAccessTokens)
        .set({ lastUsedAt: at })
        .where(eq(personalAccessTokens.id, id));
    },
    /** Deletes one of the person's tokens; false when they have none by that id. */
    async remove(userId: string, id: string) {
      const removed = await db
        .delete(personalAccessTokens)
        .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
        .returning({ id: personalAccessTokens.id });
      return removed.length > 0;
    },
    async forget(userId: string) {
      await db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
    },
  };
}
