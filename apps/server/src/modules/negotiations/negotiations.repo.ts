import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  callStage,
  type CallMessage,
  type CallStage,
  type NegotiationStatus,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repo';
import type { UserRow } from '../users/users.repo';
import { negotiationCalls, negotiationEvents, negotiations } from './negotiations.tables';

export type NegotiationRow = typeof negotiations.$inferSelect;
export type NegotiationCallRow = typeof negotiationCalls.$inferSelect;
export type NegotiationsRepo = ReturnType<typeof createNegotiationsRepo>;

const OPEN: NegotiationStatus[] = ['PENDING', 'USER_INPUT_REQUIRED', 'IN_PROGRESS'];

/** What offers and calls need from other modules: their rows are theirs to read. */
export type NegotiationsRepoDeps = {
  /**
   * The subscriptions module's rows: a person's (not those they said are not one), or one; and
   * the visible bills as a subquery an offer's read joins.
   */
  bills: {
    visibleOf: (userId: string) => Promise<SubscriptionRow[]>;
    byId: (subscriptionId: string) => Promise<SubscriptionRow | undefined>;
    joinable: { visible: PublishedSubscriptions['joinable']['visible'] };
  };
  /** Whether a live annual plan pays a bill (the payments module's condition on a bill's id). */
  isPlanPaid: (subscriptionId: SQLWrapper) => SQL;
  /** Whether a bill holds a gift card handed to the person (the gift-cards module's condition). */
  holdsAssignedCard: (subscriptionId: SQLWrapper) => SQL;
  /** The person's account (the users module). */
  personOf: (userId: string) => Promise<UserRow | undefined>;
};

export function createNegotiationsRepo(db: Db, others: NegotiationsRepoDeps) {
  // Read on every dashboard load: each offer of a bill the person still sees, with its latest
  // call attempt (not every attempt's transcript) and whether Billow pays the bill's annual plan
  // or holds its gift card, in one statement built and planned once. The owners write the SQL on
  // their tables (the bills' subquery, the two conditions).
  const latestCall = db
    .select()
    .from(negotiationCalls)
    .where(eq(negotiationCalls.negotiationId, negotiations.id))
    .orderBy(desc(negotiationCalls.attempt))
    .limit(1)
    .as('latest_call');
  const bill = others.bills.joinable.visible;
  const offersWithCalls = db
    .select({
      offer: negotiations,
      subscription: {
        merchantName: bill.merchantName,
        merchantWebsite: bill.merchantWebsite,
        cadence: bill.cadence,
        status: bill.status,
        normalizedMonthlyCents: bill.normalizedMonthlyCents,
      },
      call: latestCall._.selectedFields,
      isPlanPaid: others.isPlanPaid(bill.id).mapWith(Boolean),
      hasGiftCard: others.holdsAssignedCard(bill.id).mapWith(Boolean),
    })
    .from(negotiations)
    .innerJoin(bill, eq(bill.id, negotiations.subscriptionId))
    .leftJoinLateral(latestCall, sql`true`)
    .where(eq(negotiations.userId, sql.placeholder('userId')))
    .orderBy(asc(negotiations.createdAt))
    .prepare('negotiation_offers_of');
  return {
    /** The person's subscriptions detection holds now (not the ones they said are not). */
    subscriptionsOf: (userId: string) => others.bills.visibleOf(userId),
    subscription: (subscriptionId: string) => others.bills.byId(subscriptionId),
    person: (userId: string) => others.personOf(userId),
    /**
     * The person's offers, each with its bill, its latest call attempt and its annual plan, without
     * those of a bill they said is not a subscription: that answer hides it everywhere at once,
     * before the job that drops its open offer has run.
     */
    async offersOf(userId: string) {
      const rows = await offersWithCalls.execute({ userId });
      return rows.map(({ call, ...row }) => ({ ...row, call: call ?? undefined }));
    },
    async offer(id: string) {
      const [row] = await db.select().from(negotiations).where(eq(negotiations.id, id));
      return row;
    },
    async offerOfSubscription(userId: string, subscriptionId: string) {
      const [row] = await db
        .select()
        .from(negotiations)
        .where(
          and(eq(negotiations.userId, userId), eq(negotiations.subscriptionId, subscriptionId)),
        );
      return row;
    },
    /** Inserts offers (one per subscription: a second insert of the same one does nothing). */
    async insertOffers(rows: (typeof negotiations.$inferInsert)[]) {
      if (rows.length === 0) return [];
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(negotiations)
          .values(rows)
          .onConflictDoNothing()
          .returning();
        if (inserted.length) {
          await tx.insert(negotiationEvents).values(
            inserted.map((row) => ({
              negotiationId: row.id,
              newStatus: row.status,
              previousStatus: null,
              reason: 'Billow found a bill it can negotiate.',
            })),
          );
        }
        return inserted;
      });
    },
    /** Drops the open offers of subscriptions that are no longer negotiable ones. */
    async dropOpenOffersExcept(userId: string, keepSubscriptionIds: string[]) {
      await db
        .delete(negotiations)
        .where(
          and(
            eq(negotiations.userId, userId),
            inArray(negotiations.status, OPEN),
            ...(keepSubscriptionIds.length
              ? [notInArray(negotiations.subscriptionId, keepSubscriptionIds)]
              : []),
          ),
        );
    },
    /**
     * Moves an offer from one status to another and records the event, in one transaction;
     * `then` runs inside it (e.g. to enqueue the next job). False when the offer was not in
     * `from` any more (another run got there first).
     */
    async transition(
      id: string,
      from: NegotiationStatus[],
      to: NegotiationStatus,
      values: Partial<typeof negotiations.$inferInsert>,
      reason: string,
      then?: (tx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: negotiations.status })
          .from(negotiations)
          .where(and(eq(negotiations.id, id), inArray(negotiations.status, from)))
          .for('update');
        if (!before) return false;
        await tx
          .update(negotiations)
          .set({ ...values, status: to, updatedAt: new Date() })
          .where(eq(negotiations.id, id));
        await tx
          .insert(negotiationEvents)
          .values({ negotiationId: id, newStatus: to, previousStatus: before.status, reason });
        await then?.(tx);
        return true;
      });
    },
    async events(negotiationId: string) {
      return db
        .select()
        .from(negotiationEvents)
        .where(eq(negotiationEvents.negotiationId, negotiationId))
        .orderBy(asc(negotiationEvents.effectiveDate), asc(negotiationEvents.id));
    },
    /** This attempt's call row, made on first use (a rerun of the job finds the same row). */
    async callFor(
      negotiationId: string,
      attempt: number,
      startedAt = new Date(),
    ): Promise<NegotiationCallRow> {
      await db
        .insert(negotiationCalls)
        .values({ negotiationId, attempt, stage: 'queued', startedAt })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(negotiationCalls)
        .where(
          and(
            eq(negotiationCalls.negotiationId, negotiationId),
            eq(negotiationCalls.attempt, attempt),
          ),
        );
      return row!;
    },
    async call(id: string) {
      const [row] = await db.select().from(negotiationCalls).where(eq(negotiationCalls.id, id));
      return row;
    },
    async callByProvider(providerCallId: string) {
      const [row] = await db
        .select()
        .from(negotiationCalls)
        .where(eq(negotiationCalls.providerCallId, providerCallId));
      return row;
    },
    /** The call before this one in its negotiation (to tell which try of a round this is). */
    async previousCall(call: NegotiationCallRow) {
      const [row] = await db
        .select()
        .from(negotiationCalls)
        .where(
          and(
            eq(negotiationCalls.negotiationId, call.negotiationId),
            eq(negotiationCalls.attempt, call.attempt - 1),
          ),
        );
      return row;
    },
    /** Ends a call once: false when it had ended already (a second report changes nothing). */
    async finishCall(id: string, values: Partial<typeof negotiationCalls.$inferInsert>) {
      const rows = await db
        .update(negotiationCalls)
        .set(values)
        .where(and(eq(negotiationCalls.id, id), isNull(negotiationCalls.endedAt)))
        .returning({ id: negotiationCalls.id });
      return rows.length === 1;
    },
    async restartCall(id: string, startedAt = new Date()) {
      await db
        .update(negotiationCalls)
        .set({ stage: 'queued', messages: [], startedAt, endedAt: null })
        .where(eq(negotiationCalls.id, id));
    },
    async updateCall(id: string, values: Partial<typeof negotiationCalls.$inferInsert>) {
      await db.update(negotiationCalls).set(values).where(eq(negotiationCalls.id, id));
    },
    /**
     * Moves a running call to a stage (never an ended one: a late report changes nothing). A
     * call picked up again after a crash is no longer reconnecting once it is connected.
     */
    async setStage(id: string, stage: CallStage, messages?: CallMessage[]) {
      const isConnected =
        callStage.options.indexOf(stage) >= callStage.options.indexOf('connected');
      await db
        .update(negotiationCalls)
        .set({
          stage,
          ...(messages ? { messages } : {}),
          ...(isConnected ? { reconnectingAt: null } : {}),
        })
        .where(and(eq(negotiationCalls.id, id), isNull(negotiationCalls.endedAt)));
    },
    /** Claims a call's outcome for handling: true for exactly one caller. */
    async claimCall(id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(negotiationCalls)
        .set({ handledAt: new Date() })
        .where(and(eq(negotiationCalls.id, id), isNull(negotiationCalls.handledAt)))
        .returning({ id: negotiationCalls.id });
      return rows.length === 1;
    },
    /** Claims a call's outcome and, only when this caller got it, runs `then` in the same transaction. */
    async claimThen(id: string, then: (tx: Db) => Promise<unknown>) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(negotiationCalls)
          .set({ handledAt: new Date() })
          .where(and(eq(negotiationCalls.id, id), isNull(negotiationCalls.handledAt)))
          .returning({ id: negotiationCalls.id });
        if (rows.length === 1) await then(tx);
      });
    },
    /** Each negotiation's latest call attempt (not every attempt's transcript). */
    async latestCalls(negotiationIds: string[]) {
      if (negotiationIds.length === 0) return [];
      return db
        .selectDistinctOn([negotiationCalls.negotiationId])
        .from(negotiationCalls)
        .where(inArray(negotiationCalls.negotiationId, negotiationIds))
        .orderBy(negotiationCalls.negotiationId, desc(negotiationCalls.attempt));
    },
    /** The person's offers and their history for their export: no answers, no transcripts. */
    async exportRows(userId: string) {
      const [offers, events] = await Promise.all([
        db
          .select({
            id: negotiations.id,
            subscriptionId: negotiations.subscriptionId,
            status: negotiations.status,
            currentPriceCents: negotiations.currentPriceCents,
            targetPriceCents: negotiations.targetPriceCents,
            requiredUserInfo: negotiations.requiredUserInfo,
            startDate: negotiations.startDate,
            estimatedCompletion: negotiations.estimatedCompletion,
            rejectionReason: negotiations.rejectionReason,
            successfulSavingsCents: negotiations.successfulSavingsCents,
            negotiatedPriceCents: negotiations.negotiatedPriceCents,
            savingsType: negotiations.savingsType,
            negotiatedDealExpiry: negotiations.negotiatedDealExpiry,
            createdAt: negotiations.createdAt,
          })
          .from(negotiations)
          .where(eq(negotiations.userId, userId))
          .orderBy(asc(negotiations.createdAt), asc(negotiations.id)),
        db
          .select({
            negotiationId: negotiationEvents.negotiationId,
            status: negotiationEvents.newStatus,
            previousStatus: negotiationEvents.previousStatus,
            reason: negotiationEvents.reason,
            at: negotiationEvents.effectiveDate,
          })
          .from(negotiationEvents)
          .innerJoin(negotiations, eq(negotiations.id, negotiationEvents.negotiationId))
          .where(eq(negotiations.userId, userId))
          .orderBy(asc(negotiationEvents.effectiveDate), asc(negotiationEvents.id)),
      ]);
      return { negotiations: offers, negotiationEvents: events };
    },
    /** Each negotiation that saved money, and the price per charge before the deal. */
    settledDeals() {
      return db
        .select({
          id: negotiations.id,
          subscriptionId: negotiations.subscriptionId,
          currentPriceCents: negotiations.currentPriceCents,
        })
        .from(negotiations)
        .where(isNotNull(negotiations.successfulSavingsCents));
    },
  };
}
