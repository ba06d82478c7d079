import { and, asc, count, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { UsersRepo } from '../users/users.repo';
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

/** What the ledger needs of other modules: merchant names (subscriptions), the person's lock (users). */
export type RewardsRepoDeps = {
  merchantsOf: PublishedSubscriptions['merchantsOf'];
  lockPerson: UsersRepo['lockPerson'];
};

export function createRewardsRepo(db: Db, others: RewardsRepoDeps) {
  // Read on every page load (profile-info, the balance): built and planned once (issue 42).
  const totals = totalsQuery(db, sql.placeholder('userId')).prepare('reward_totals_of');
  /**
   * The person's entries newest first, with the name of the subscription each is for: a page of
   * them, or the ones with the given ids.
   */
  async function historyRows(
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
        subscriptionId: rewardLedger.subscriptionId,
      })
      .from(rewardLedger)
      .where(
        'ids' in which
          ? and(eq(rewardLedger.userId, userId), inArray(rewardLedger.id, which.ids))
          : eq(rewardLedger.userId, userId),
      )
      .orderBy(desc(rewardLedger.occurredAt), desc(rewardLedger.createdAt), desc(rewardLedger.id))
      .$dynamic();
    const [rows, merchants] = await Promise.all([
      'ids' in which ? query : query.limit(which.limit).offset(which.offset),
      others.merchantsOf(userId),
    ]);
    // Only the person's own subscriptions: an entry never shows someone else's.
    const merchantOf = new Map(merchants.map((m) => [m.id, m]));
    return rows.map(({ subscriptionId, ...row }) => {
      const merchant = subscriptionId === null ? undefined : merchantOf.get(subscriptionId);
      return {
        ...row,
        merchantName: merchant?.merchantName ?? null,
        merchantWebsite: merchant?.merchantWebsite ?? null,
      };
    });
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
        const person = await others.lockPerson(userId, tx);
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
    /** The person's ledger entries, for their export. */
    async exportRows(userId: string) {
      const rewards = await db
        .select({
          id: rewardLedger.id,
          kind: rewardLedger.kind,
          source: rewardLedger.source,
          amountCents: rewardLedger.amountCents,
          subscriptionId: rewardLedger.subscriptionId,
          occurredAt: rewardLedger.occurredAt,
        })
        .from(rewardLedger)
        .where(eq(rewardLedger.userId, userId))
        .orderBy(asc(rewardLedger.occurredAt), asc(rewardLedger.id));
      return { rewards };
    },
    /** Every entry of every person (the nightly reconciliation reads them all). */
    ledgerEntries() {
      return db
        .select({
          userId: rewardLedger.userId,
          kind: rewardLedger.kind,
          source: rewardLedger.source,
          amountCents: rewardLedger.amountCents,
          sourceKey: rewardLedger.sourceKey,
        })
        .from(rewardLedger);
    },
  };
}
