import { and, count, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';
import { rewardLedger, type rewardKinds, type RewardSource } from './rewards.tables';

export type RewardsRepo = ReturnType<typeof createRewardsRepo>;

export type RewardKind = (typeof rewardKinds)[number];

export type RewardEntry = {
  userId: string;
  subscriptionId: string | null;
  kind: RewardKind;
  /** What made the entry; 'other' when the caller does not say. */
  source?: RewardSource;
  amountCents: number;
  sourceKey: string;
  occurredAt: Date;
};

export type RewardHistoryRow = {
  id: string;
  kind: RewardKind;
  source: RewardSource;
  sourceKey: string;
  amountCents: number;
  occurredAt: Date;
  merchantName: string | null;
  merchantWebsite: string | null;
};

/** A person's ledger summed by kind, in cents. */
function totalsQuery(db: Db, userId: string | Placeholder) {
  const sumOf = (kind: RewardKind) =>
    sql<number>`coalesce(sum(${rewardLedger.amountCents}) filter (where ${rewardLedger.kind} = ${kind}), 0)::bigint`;
  return db
    .select({
      earned: sumOf('earned'),
      applied: sumOf('applied'),
      reversed: sumOf('reversed'),
      returned: sumOf('returned'),
    })
    .from(rewardLedger)
    .where(eq(rewardLedger.userId, userId));
}

export function createRewardsRepo(db: Db) {
  // Read on every page load (profile-info, the balance): built and planned once (issue 42).
  const totals = totalsQuery(db, sql.placeholder('userId')).prepare('reward_totals_of');
  /**
   * The person's entries newest first, with the name of the subscription each is for: a page of
   * them, or the ones with the given ids.
   */
  function historyRows(
    userId: string,
    which: { limit: number; offset: number } | { ids: string[] },
  ): Promise<RewardHistoryRow[]> {
    const query = db
      .select({
        id: rewardLedger.id,
        kind: rewardLedger.kind,
        source: rewardLedger.source,
        sourceKey: rewardLedger.sourceKey,
        amountCents: rewardLedger.amountCents,
        occurredAt: rewardLedger.occurredAt,
        merchantName: subscriptions.merchantName,
        merchantWebsite: subscriptions.merchantWebsite,
      })
      .from(rewardLedger)
      // Scoped to the person on both sides: an entry never shows someone else's subscription.
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.id, rewardLedger.subscriptionId),
          eq(subscriptions.userId, rewardLedger.userId),
        ),
      )
      .where(
        'ids' in which
          ? and(eq(rewardLedger.userId, userId), inArray(rewardLedger.id, which.ids))
          : eq(rewardLedger.userId, userId),
      )
      .orderBy(desc(rewardLedger.occurredAt), desc(rewardLedger.createdAt), desc(rewardLedger.id))
      .$dynamic();
    return 'ids' in which ? query : query.limit(which.limit).offset(which.offset);
  }
  return {
    historyRows,
    /** Adds an entry once per source event and kind; false when it was recorded already. */
    async add(entry: RewardEntry, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(rewardLedger)
        .values(entry)
        .onConflictDoNothing()
        .returning({ id: rewardLedger.id });
      return rows.length === 1;
    },
    async totalsCents(userId: string, tx: Db = db): Promise<Record<RewardKind, number>> {
      const [row] = tx === db ? await totals.execute({ userId }) : await totalsQuery(tx, userId);
      return {
        earned: Number(row?.earned ?? 0),
        applied: Number(row?.applied ?? 0),
        reversed: Number(row?.reversed ?? 0),
        returned: Number(row?.returned ?? 0),
      };
    },
    /** The source keys of a person's entries of one kind (e.g. the bills already paid). */
    async sourceKeys(userId: string, kind: RewardKind, tx: Db = db): Promise<Set<string>> {
      const rows = await tx
        .select({ sourceKey: rewardLedger.sourceKey })
        .from(rewardLedger)
        .where(and(eq(rewardLedger.userId, userId), eq(rewardLedger.kind, kind)));
      return new Set(rows.map((row) => row.sourceKey));
    },
    /** A person's entries of one kind, with what each is for. */
    async entries(userId: string, kind: RewardKind, tx: Db = db) {
      return tx
        .select()
        .from(rewardLedger)
        .where(and(eq(rewardLedger.userId, userId), eq(rewardLedger.kind, kind)));
    },
    /** One entry of a person's, by kind and source event. */
    async entry(userId: string, kind: RewardKind, sourceKey: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(rewardLedger)
        .where(
          and(
            eq(rewardLedger.userId, userId),
            eq(rewardLedger.kind, kind),
            eq(rewardLedger.sourceKey, sourceKey),
          ),
        );
      return row;
    },
    /**
     * Runs `work` in a transaction holding the person's row, so two jobs that read the balance
     * and then write against it (a reversal, an auto-apply) never both spend the same cents.
     * Returns undefined when the person is gone.
     */
    async withPersonLocked<T>(
      userId: string,
      work: (tx: Db, person: { isAutoApplyRewardsEnabled: boolean }) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [person] = await tx
          .select({ isAutoApplyRewardsEnabled: users.isAutoApplyRewardsEnabled })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        return person ? work(tx, person) : undefined;
      });
    },
    /** One of the person's entries by its id (never someone else's). */
    async entryById(userId: string, id: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(rewardLedger)
        .where(and(eq(rewardLedger.userId, userId), eq(rewardLedger.id, id)));
      return row;
    },
    /** A page of the person's entries, newest first, and how many there are. */
    async history(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: RewardHistoryRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        historyRows(userId, page),
        db.select({ n: count() }).from(rewardLedger).where(eq(rewardLedger.userId, userId)),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
