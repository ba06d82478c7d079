import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { savingsLedger } from './savings.tables';

export type SavingsRepo = ReturnType<typeof createSavingsRepo>;

export type SavingsEntry = {
  userId: string;
  subscriptionId: string | null;
  kind: 'negotiation' | 'annual_conversion';
  amountCents: number;
  sourceKey: string;
  occurredAt: Date;
};

export function createSavingsRepo(db: Db) {
  return {
    /** Adds an entry once per source event; false when it was recorded already. */
    async add(entry: SavingsEntry, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(savingsLedger)
        .values(entry)
        .onConflictDoNothing()
        .returning({ id: savingsLedger.id });
      return rows.length === 1;
    },
    /** Takes an entry back (the money was not saved after all, e.g. a returned debit). */
    async remove(
      entry: Pick<SavingsEntry, 'userId' | 'kind' | 'sourceKey'>,
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .delete(savingsLedger)
        .where(
          and(
            eq(savingsLedger.userId, entry.userId),
            eq(savingsLedger.kind, entry.kind),
            eq(savingsLedger.sourceKey, entry.sourceKey),
          ),
        )
        .returning({ id: savingsLedger.id });
      return rows.length === 1;
    },
    async lifetimeCents(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${savingsLedger.amountCents}), 0)::bigint` })
        .from(savingsLedger)
        .where(eq(savingsLedger.userId, userId));
      return Number(row?.total ?? 0);
    },
  };
}
