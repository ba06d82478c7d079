import { and, asc, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
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

/** The columns of an entry as the history shows it. */
const entryColumns = {
  id: rewardLedger.id,
  kind: rewardLedger.kind,
  source: rewardLedger.source,
  sourceKey: rewardLedger.sourceKey,
  amountCents: rewardLedger.amountCents,
  occurredAt: rewardLedger.occurredAt,
  createdAt: rewardLedger.createdAt,
  subscriptionId: rewardLedger.subscriptionId,
};

type Merchant = { id: string; merchantName: string; merchantWebsite: string | null };

/** An entry with the name of the subscription it is for: only the person's own, never another's. */
function withMerchant(
  entry: Omit<RewardHistoryRow, 'merchantName' | 'merchantWebsite'> & {
    subscriptionId: string | null;
    createdAt: Date;
  },
  merchantOf: Map<string, Merchant>,
): RewardHistoryRow {
  const { subscriptionId, createdAt: _createdAt, ...row } = entry;
  const merchant = subscriptionId === null ? undefined : merchantOf.get(subscriptionId);
  return {
    ...row,
    merchantName: merchant?.merchantName ?? null,
    merchantWebsite: merchant?.merchantWebsite ?? null,
  };
}

const byId = (merchants: Merchant[]) => new Map(merchants.map((m) => [m.id, m]));

/** What the ledger needs of other modules: merchant names (subscriptions), the person's lock (users). */
export type RewardsRepoDeps = {
  merchantsOf: PublishedSubscriptions['merchantsOf'];
  /** The bills' merchants as a subquery to join (the history page is one statement). */
  billMerchants: PublishedSubscriptions['joinable']['merchants'];
  lockPerson: UsersRepo['lockPerson'];
};

/** A person's claims and the claims given back: the kind, source and key of each. */
function claimRowsQuery(db: Db, userId: string | Placeholder) {
  return db
    .select({
      kind: rewardLedger.kind,
      source: rewardLedger.source,
      sourceKey: rewardLedger.sourceKey,
    })
    .from(rewardLedger)
    .where(
      and(
        eq(rewardLedger.userId, userId),
        inArray(rewardLedger.kind, ['applied', 'returned'] satisfies RewardKind[]),
      ),
    );
}

export function createRewardsRepo(db: Db, others: RewardsRepoDeps) {
  // Read on every page load (profile-info, the balance): built and planned once.
  const totals = totalsQuery(db, sql.placeholder('userId')).prepare('reward_totals_of');
  // Read with every reward option shown (the next reward, the choices): planned once too.
  const claimRows = claimRowsQuery(db, sql.placeholder('userId')).prepare('reward_claims_of');
  /**
   * The person's entries newest first, with the name of the subscription each is for: a page of
   * them, or the ones with the given ids.
   */
  async function historyRows(
    userId: string,
    which: { limit: number; offset: number } | { ids: string[] },
  ): Promise<RewardHistoryRow[]> {
    const query = db
      .select(entryColumns)
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
    const merchantOf = byId(merchants);
    return rows.map((row) => withMerchant(row, merchantOf));
  }
  /**
   * A page of the person's entries with the ledger's count and the keys given back, read together:
   * the one row of figures is joined to the page, so a page past the end still brings them.
   */
  const figures = db
    .select({
      total: sql<number>`count(*)`.as('total'),
      returned: sql<
        string[]
      >`coalesce(array_agg(${rewardLedger.sourceKey}) filter (where ${rewardLedger.kind} = ${'returned' satisfies RewardKind}), '{}')`.as(
        'returned',
      ),
    })
    .from(rewardLedger)
    .where(eq(rewardLedger.userId, sql.placeholder('userId')))
    .as('figures');
  const bill = others.billMerchants;
  const pageOf = db
    .select({
      ...entryColumns,
      merchantName: bill.merchantName,
      merchantWebsite: bill.merchantWebsite,
    })
    .from(rewardLedger)
    // Only the person's own bill names an entry, never another's.
    .leftJoin(
      bill,
      and(eq(bill.id, rewardLedger.subscriptionId), eq(bill.userId, rewardLedger.userId)),
    )
    .where(eq(rewardLedger.userId, sql.placeholder('userId')))
    .orderBy(desc(rewardLedger.occurredAt), desc(rewardLedger.createdAt), desc(rewardLedger.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('entry');
  const historyPage = db
    .select({ total: figures.total, returned: figures.returned, entry: pageOf._.selectedFields })
    .from(figures)
    .leftJoinLateral(pageOf, sql`true`)
    .orderBy(desc(pageOf.occurredAt), desc(pageOf.createdAt), desc(pageOf.id))
    .prepare('reward_history_of');
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
    /**
     * The source keys of a person's claims (applied) and of those given back (returned, with who
     * gave them back): what the reward options depend on, in one statement.
     */
    async claimKeys(userId: string, tx: Db = db) {
      const rows = await (tx === db ? claimRows.execute({ userId }) : claimRowsQuery(tx, userId));
      return {
        applied: new Set(rows.filter((r) => r.kind === 'applied').map((r) => r.sourceKey)),
        returned: new Set(rows.filter((r) => r.kind === 'returned').map((r) => r.sourceKey)),
        returnedByPerson: new Set(
          rows
            .filter((r) => r.kind === 'returned' && r.source === 'person')
            .map((r) => r.sourceKey),
        ),
      };
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
    /**
     * A page of the person's entries, newest first, how many there are, and the source keys of
     * those given back, each entry with its bill's merchant: one statement.
     */
    async history(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: RewardHistoryRow[]; total: number; returned: Set<string> }> {
      const rows = await historyPage.execute({ userId, ...page });
      const [first] = rows;
      return {
        rows: rows.flatMap(({ entry }) => {
          if (!entry) return [];
          const { subscriptionId: _subscriptionId, createdAt: _createdAt, ...row } = entry;
          return [row];
        }),
        total: Number(first?.total ?? 0),
        returned: new Set(first?.returned ?? []),
      };
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
