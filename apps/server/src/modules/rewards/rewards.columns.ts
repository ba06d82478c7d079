/** What other modules may ask of the rewards ledger inside their own statements (db/person-column.ts). */
import { sql } from 'drizzle-orm';
import type { PersonColumn } from '../../db/person-column';
import type { RewardKind } from './rewards.repo';
import { rewardLedger } from './rewards.tables';

/** Everything the person has earned in rewards, in cents (never below zero). */
export const lifetimeAccruedColumn: PersonColumn<number> = {
  of: (userId) =>
    sql`(select coalesce(sum(${rewardLedger.amountCents}), 0)::bigint from ${rewardLedger}
      where ${rewardLedger.userId} = ${userId} and ${rewardLedger.kind} = ${'earned' satisfies RewardKind})`,
  read: (raw) => Math.max(0, Number(raw ?? 0)),
};
