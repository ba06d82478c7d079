import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { SavingProof } from './savings.service';
import { savingsLedger } from './savings.tables';

export type SavingsRepo = ReturnType<typeof createSavingsRepo>;

export type SavingsEntry = {
  userId: string;
  subscriptionId: string | null;
  kind: 'negotiation' | 'annual_conversion' | 'cancellation';
  amountCents: number;
  sourceKey: string;
  occurredAt: Date;
};

export type SavingsRow = typeof savingsLedger.$inferSelect;

export function createSavingsRepo(db: Db) {
  return {
    /** Adds an entry once per source event; false when it was recorded already. */
    async add(
      entry: SavingsEntry & { status?: 'promised' | 'verified'; proof?: SavingProof },
      tx: Db = db,
    ): Promise<boolean> {
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
    /** A person's savings by status, in cents. */
    async totalsCents(userId: string): Promise<{ verified: number; promised: number }> {
      const sumOf = (status: 'promised' | 'verified') =>
        sql<number>`coalesce(sum(${savingsLedger.amountCents}) filter (where ${savingsLedger.status} = ${status}), 0)::bigint`;
      const [row] = await db
        .select({ verified: sumOf('verified'), promised: sumOf('promised') })
        .from(savingsLedger)
        .where(eq(savingsLedger.userId, userId));
      return { verified: Number(row?.verified ?? 0), promised: Number(row?.promised ?? 0) };
    },
    /** A person's promised savings, oldest first. */
    promisedOf(userId: string): Promise<SavingsRow[]> {
      return db
        .select()
        .from(savingsLedger)
        .where(and(eq(savingsLedger.userId, userId), eq(savingsLedger.status, 'promised')))
        .orderBy(asc(savingsLedger.occurredAt));
    },
    /**
     * Marks a promised saving verified and runs `then` in the same transaction; false (and
     * nothing run) when it was verified, or removed, already.
     */
    async verifyThen(id: string, at: Date, then: (tx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(savingsLedger)
          .set({ status: 'verified', verifiedAt: at })
          .where(and(eq(savingsLedger.id, id), eq(savingsLedger.status, 'promised')))
          .returning({ id: savingsLedger.id });
        if (rows.length !== 1) return false;
        await then(tx);
        return true;
      });
    },
    /** Every entry (the nightly reconciliation reads them all). */
    all(): Promise<SavingsRow[]> {
      return db.select().from(savingsLedger);
    },
  };
}
