/** The reconciliation's own record of each run. */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerChecks } from './ledgers.tables';

export type LedgersRepo = ReturnType<typeof createLedgersRepo>;

export function createLedgersRepo(db: Db) {
  return {
    async record(values: typeof ledgerChecks.$inferInsert) {
      await db.insert(ledgerChecks).values(values);
    },
    async latest() {
      const [row] = await db
        .select()
        .from(ledgerChecks)
        .orderBy(desc(ledgerChecks.checkedAt))
        .limit(1);
      return row;
    },
  };
}
