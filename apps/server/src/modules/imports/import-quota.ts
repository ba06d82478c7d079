/**
 * How much reading of files one person may ask for (docs/imports.md). Reading a large export is
 * seconds of work on the one reader thread every person shares, so each person reads one file at
 * a time (a second request while one is read answers 429), and at most `charsPerHour`
 * characters of files an hour, counted in the database under an advisory lock on the person so
 * two API processes share the budget. Previews count as much as imports: both read the file.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { importReads } from './imports.tables';

const HOUR_MS = 60 * 60 * 1000;
/** What the second request waits: most files are read in well under this. */
const BUSY_RETRY_SECONDS = 5;

const importQuotaMessages = {
  busy: 'Billow is still reading your last file. Wait for it to finish, then try again.',
  overBudget: (minutes: number) =>
    `You have imported a lot of files in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export type ImportQuota = ReturnType<typeof createImportQuota>;

export function createImportQuota(deps: { db: Db; charsPerHour: number; now: () => Date }) {
  const reading = new Set<string>();

  /** Counts a file against the person's hour, or refuses it with the wait. */
  async function take(userId: string, chars: number) {
    const wait = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import-quota:${userId}`}))`);
      const at = deps.now();
      const since = new Date(at.getTime() - HOUR_MS);
      await tx
        .delete(importReads)
        .where(and(eq(importReads.userId, userId), lte(importReads.readAt, since)));
      const reads = await tx
        .select({ chars: importReads.chars, readAt: importReads.readAt })
        .from(importReads)
        .where(and(eq(importReads.userId, userId), gt(importReads.readAt, since)))
        .orderBy(importReads.readAt);
      let used = reads.reduce((sum, read) => sum + read.chars, 0);
      if (used + chars <= deps.charsPerHour) {
        await tx.insert(importReads).values({ userId, chars, readAt: at });
        return 0;
      }
      // The wait: until enough of the oldest reads leave the hour.
      for (const read of reads) {
        used -= read.chars;
        if (used + chars <= deps.charsPerHour)
          return read.readAt.getTime() + HOUR_MS - at.getTime();
      }
      return HOUR_MS;
    });
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ProblemError(
        'too-many-requests',
        importQuotaMessages.overBudget(Math.ceil(seconds / 60)),
        {
          code: 'import-quota',
          headers: { 'retry-after': String(seconds) },
        },
      );
    }
  }

  return {
    /** Runs `work` (reading one file) within the person's quota: one at a time, so much an hour. */
    async reading<T>(userId: string, chars: number, work: () => Promise<T>): Promise<T> {
      if (reading.has(userId)) {
        throw new ProblemError('too-many-requests', importQuotaMessages.busy, {
          code: 'import-busy',
          headers: { 'retry-after': String(BUSY_RETRY_SECONDS) },
        });
      }
      reading.add(userId);
      try {
        await take(userId, chars);
        return await work();
      } finally {
        reading.delete(userId);
      }
    },
  };
}
