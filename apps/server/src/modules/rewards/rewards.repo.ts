import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rewardLedger } from './rewards.tables';

export type RewardsRepo = ReturnType<typeof createRewardsRepo>;

export type RewardEntry = {
  userId: string;
  subscriptionId: string | null;
  kind: 'earned' | 'applied' | 'reversed';
  amountCents: number;
  sourceKey: string;
  occurredAt: Date;
};

export function createRewardsRepo(db: Db) {
  return {
    /** Adds an entry once per source event and kind; false when it was recorded already. */
    async add(entry: RewardEntry, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(rewardLedger)
        .values(entry)
        .onConflictDoNothing()
        .returning({ id: rewardLedger.id });
      return rows.length === 1;
    },
    async totalsCents(
      userId: string,
    ): Promise<{ earned: number; applied: number; reversed: number }> {
      const sumOf = (kind: RewardEntry['kind']) =>
        sql<number>`coalesce(sum(${rewardLedger.amountCents}) filter (where ${rewardLedger.kind} = ${kind}), 0)::bigint`;
      const [row] = await db
        .select({ earned: sumOf('earned'), applied: sumOf('applied'), reversed: sumOf('reversed') })
        .from(rewardLedger)
        .where(eq(rewardLedger.userId, userId));
      return {
        earned: Number(row?.earned ?? 0),
        applied: Number(row?.applied ?? 0),
        reversed: Number(row?.reversed ?? 0),
      };
    },
  };
}
