/**
 * What detection reads and writes (the person's transactions, their subscriptions with the
 * transactions each holds, one run's result at once) and a person's own adds: the outflows no
 * subscription holds, and a subscription added from one of them.
 */
import { and, desc, eq, gt, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { isForeignKeyViolation } from '../../db/foreign-key';
import type { BillOwners, SubscriptionRow, SubscriptionValues } from './subscription-rows';
import { subscriptions, subscriptionTransactions } from './subscriptions.tables';
import type { Charge } from './user-added';

export function createDetectionRows(db: Db, owners: Pick<BillOwners, 'banking'>) {
  return {
    /** Outflows and inflows of a person, as detection reads them (banking's rows). */
    transactionsForDetection: (userId: string) => owners.banking().transactionsOf(userId),
    /** Every subscription of a person with the transactions it holds now. */
    async existingWithTransactions(userId: string) {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const links = rows.length
        ? await db
            .select()
            .from(subscriptionTransactions)
            .where(
              inArray(
                subscriptionTransactions.subscriptionId,
                rows.map((r) => r.id),
              ),
            )
        : [];
      return rows.map((row) => ({
        row,
        transactionIds: new Set(
          links.filter((l) => l.subscriptionId === row.id).map((l) => l.transactionId),
        ),
      }));
    },
    /**
     * Writes one detection run at once: updates, inserts, subscriptions no stream matches any
     * more, and the transaction links. A gone subscription is deleted unless something of the
     * person's history points at it (a negotiation, a payment, savings, rewards: their foreign
     * keys refuse the deletion, migration 0026); then it is ended instead, and its charges are
     * left to the streams that hold them now.
     */
    async saveDetection(
      userId: string,
      run: {
        updates: { id: string; values: SubscriptionValues; transactionIds: string[] }[];
        inserts: { values: SubscriptionValues; transactionIds: string[] }[];
        goneIds: string[];
      },
    ) {
      await db.transaction(async (tx) => {
        for (const id of run.goneIds) {
          const isDeleted = await tx
            .transaction(async (savepoint) => {
              await savepoint.delete(subscriptions).where(eq(subscriptions.id, id));
            })
            .then(
              () => true,
              (error: unknown) => {
                if (isForeignKeyViolation(error)) return false;
                throw error;
              },
            );
          if (isDeleted) continue;
          await tx
            .update(subscriptions)
            .set({
              status: 'CANCELLED',
              renewalDate: null,
              cancelDate: sql`coalesce(${subscriptions.cancelDate}, ${subscriptions.lastChargeDate})`,
              updatedAt: new Date(),
            })
            .where(eq(subscriptions.id, id));
          await tx
            .delete(subscriptionTransactions)
            .where(eq(subscriptionTransactions.subscriptionId, id));
        }
        const links: { subscriptionId: string; transactionId: string }[] = [];
        for (const update of run.updates) {
          await tx.update(subscriptions).set(update.values).where(eq(subscriptions.id, update.id));
          links.push(
            ...update.transactionIds.map((transactionId) => ({
              subscriptionId: update.id,
              transactionId,
            })),
          );
        }
        if (run.inserts.length) {
          const inserted = await tx
            .insert(subscriptions)
            .values(run.inserts.map((i) => ({ ...i.values, userId })))
            .returning({ id: subscriptions.id });
          inserted.forEach(({ id }, index) =>
            links.push(
              ...run.inserts[index]!.transactionIds.map((transactionId) => ({
                subscriptionId: id,
                transactionId,
              })),
            ),
          );
        }
        const touched = [...run.updates.map((u) => u.id)];
        if (touched.length)
          await tx
            .delete(subscriptionTransactions)
            .where(inArray(subscriptionTransactions.subscriptionId, touched));
        for (let i = 0; i < links.length; i += 1000) {
          await tx
            .insert(subscriptionTransactions)
            .values(links.slice(i, i + 1000))
            .onConflictDoNothing();
        }
      });
    },
    /**
     * A page of the person's money-out transactions no subscription holds, newest first, whose
     * description or bank merchant name holds `search` (issue 17).
     */
    async unmatchedOutflows(
      userId: string,
      options: { search: string | undefined; limit: number; offset: number },
    ) {
      const pattern = options.search
        ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : undefined;
      const { transactions: outflow, accounts: account } = owners.banking().joinable;
      return db
        .select({
          id: outflow.id,
          date: outflow.chargedOn,
          name: outflow.name,
          merchantName: outflow.merchantName,
          amountCents: outflow.amountCents,
          currency: outflow.currency,
          accountName: account.name,
          accountMask: account.mask,
          bankName: account.bankName,
        })
        .from(outflow)
        .innerJoin(account, eq(account.id, outflow.accountId))
        .where(
          and(
            eq(outflow.userId, userId),
            gt(outflow.amountCents, 0),
            notExists(
              db
                .select({ one: sql`1` })
                .from(subscriptionTransactions)
                .where(eq(subscriptionTransactions.transactionId, outflow.id)),
            ),
            pattern
              ? or(ilike(outflow.name, pattern), ilike(outflow.merchantName, pattern))
              : undefined,
          ),
        )
        .orderBy(desc(outflow.chargedOn), desc(outflow.id))
        .limit(options.limit)
        .offset(options.offset);
    },
    /**
     * Stores a subscription the person added from one of their transactions, all or nothing:
     * the transaction is locked while it is checked, so two adds of one charge make one.
     * `build` gets the charge and answers the values, or why not.
     */
    async addFromTransaction<Refusal extends string>(
      userId: string,
      transactionId: string,
      build: (
        charge: Charge,
        added: SubscriptionRow[],
      ) => { refused: Refusal } | { values: SubscriptionValues },
    ): Promise<{ refused: Refusal | 'not-found' } | { id: string }> {
      return db.transaction(async (tx) => {
        const charge = await owners.banking().lockTransaction(userId, transactionId, tx);
        if (!charge) return { refused: 'not-found' as const };
        const [held] = await tx
          .select({ id: subscriptionTransactions.subscriptionId })
          .from(subscriptionTransactions)
          .where(eq(subscriptionTransactions.transactionId, transactionId))
          .limit(1);
        if (held) return { refused: 'held' as Refusal };
        const added = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isUserAdded, true)));
        const outcome = build(charge, added);
        if ('refused' in outcome) return outcome;
        const [row] = await tx
          .insert(subscriptions)
          .values({ ...outcome.values, userId })
          .returning({ id: subscriptions.id });
        await tx
          .insert(subscriptionTransactions)
          .values({ subscriptionId: row!.id, transactionId });
        return { id: row!.id };
      });
    },
  };
}
