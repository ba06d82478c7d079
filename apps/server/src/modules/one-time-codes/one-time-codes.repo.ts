import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { oneTimeCodes, type CodePurpose } from './one-time-codes.tables';

export type OneTimeCodesRepo = ReturnType<typeof createOneTimeCodesRepo>;
/** The repo's queries, on the database or inside a locked step. */
export type OneTimeCodeQueries = ReturnType<typeof codeQueries>;
type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

export function createOneTimeCodesRepo(db: Db) {
  return {
    ...codeQueries(db),
    /**
     * Runs `work` in a transaction that holds the purpose's advisory lock: the checks of how many
     * codes went out and the insert of the next one are one step, so parallel requests (in one
     * process or several) queue here and each counts the codes the ones before it sent.
     */
    async locked<T>(purpose: CodePurpose, work: (repo: OneTimeCodeQueries) => Promise<T>) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`one-time-codes:${purpose}`}))`,
        );
        return work(codeQueries(tx));
      });
    },
  };
}

function codeQueries(db: Db) {
  const of = (purpose: CodePurpose) => eq(oneTimeCodes.purpose, purpose);
  return {
    async latest(purpose: CodePurpose, subject: string): Promise<OneTimeCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(of(purpose), eq(oneTimeCodes.subject, subject)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },
    /** How many codes went out since `since`, and the oldest of them, for the given filter. */
    async sentSince(
      purpose: CodePurpose,
      since: Date,
      filter: { subject?: string; requester?: string } = {},
    ): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({
          count: count(),
          oldest: sql<Date | null>`min(${oneTimeCodes.createdAt})`.mapWith(oneTimeCodes.createdAt),
        })
        .from(oneTimeCodes)
        .where(
          and(
            of(purpose),
            gte(oneTimeCodes.createdAt, since),
            filter.subject === undefined ? undefined : eq(oneTimeCodes.subject, filter.subject),
            filter.requester === undefined
              ? undefined
              : eq(oneTimeCodes.requester, filter.requester),
          ),
        );
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },
    /** A new code replaces every earlier one of the same subject. */
    async replace(values: {
      purpose: CodePurpose;
      subject: string;
      destination: string;
      requester: string | null;
      codeHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<string> {
      const { now, ...row } = values;
      return db.transaction(async (tx) => {
        await tx
          .update(oneTimeCodes)
          .set({ consumedAt: now })
          .where(
            and(
              of(values.purpose),
              eq(oneTimeCodes.subject, values.subject),
              isNull(oneTimeCodes.consumedAt),
            ),
          );
        const [inserted] = await tx
          .insert(oneTimeCodes)
          .values({ ...row, createdAt: now })
          .returning({ id: oneTimeCodes.id });
        return inserted!.id;
      });
    },
    async delete(id: string) {
      await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
    },
    /**
     * Counts a try before the code is compared, in one statement: on the PostgreSQL server
     * parallel tries queue on the row lock and each sees the count the one before left, so no
     * more than `maxAttempts` tries are ever compared against one code. Undefined when the code
     * cannot be tried any more (used up, burned or expired).
     */
    async claimAttempt(
      id: string,
      maxAttempts: number,
      now: Date,
    ): Promise<{ attempts: number; codeHash: string } | undefined> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            lt(oneTimeCodes.attempts, maxAttempts),
            isNull(oneTimeCodes.consumedAt),
            gt(oneTimeCodes.expiresAt, now),
          ),
        )
        .returning({ attempts: oneTimeCodes.attempts, codeHash: oneTimeCodes.codeHash });
      return row;
    },
    /** Marks a code used (or burned); false when another request used it first. */
    async consume(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },
    /** Forgets every code of these subjects (account deletion). */
    async deleteForSubjects(subjects: string[]) {
      if (subjects.length === 0) return;
      await db.delete(oneTimeCodes).where(inArray(oneTimeCodes.subject, subjects));
    },
  };
}
