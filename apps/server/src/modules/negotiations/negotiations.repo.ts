import { and, asc, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import {
  callStage,
  type CallMessage,
  type CallStage,
  type NegotiationStatus,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { giftCards } from '../gift-cards/gift-cards.tables';
import { livePaymentStatuses, payments } from '../payments/payments.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';
import { negotiationCalls, negotiationEvents, negotiations } from './negotiations.tables';

export type NegotiationRow = typeof negotiations.$inferSelect;
export type NegotiationCallRow = typeof negotiationCalls.$inferSelect;
export type NegotiationsRepo = ReturnType<typeof createNegotiationsRepo>;

const OPEN: NegotiationStatus[] = ['PENDING', 'USER_INPUT_REQUIRED', 'IN_PROGRESS'];

export function createNegotiationsRepo(db: Db) {
  return {
    /** The person's subscriptions detection holds now (not the ones they said are not). */
    async subscriptionsOf(userId: string) {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.userId, userId), eq(subscriptions.userMarkedNotSubscription, false)),
        );
    },
    async subscription(subscriptionId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId));
      return row;
    },
    /** Which of the person's subscriptions Billow pays a plan for, and which hold a gift card. */
    async annualPlansOf(userId: string) {
      const [paid, carded] = await Promise.all([
        db
          .select({ subscriptionId: payments.subscriptionId })
          .from(payments)
          .where(
            and(eq(payments.userId, userId), inArray(payments.status, [...livePaymentStatuses])),
          ),
        db
          .select({ subscriptionId: giftCards.subscriptionId })
          .from(giftCards)
          .where(and(eq(giftCards.userId, userId), eq(giftCards.status, 'assigned'))),
      ]);
      return {
        paid: new Set(paid.map((p) => p.subscriptionId)),
        carded: new Set(carded.flatMap((c) => (c.subscriptionId ? [c.subscriptionId] : []))),
      };
    },
    async person(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },
    /**
     * The person's offers, without those of a bill they said is not a subscription: that answer
     * hides it everywhere at once, before the job that drops its open offer has run.
     */
    async offersOf(userId: string) {
      return db
        .select({
          offer: negotiations,
          // What an offer shows of its bill: no whole rows (issue 42).
          subscription: {
            id: subscriptions.id,
            merchantName: subscriptions.merchantName,
            merchantWebsite: subscriptions.merchantWebsite,
            cadence: subscriptions.cadence,
            status: subscriptions.status,
            normalizedMonthlyCents: subscriptions.normalizedMonthlyCents,
          },
        })
        .from(negotiations)
        .innerJoin(subscriptions, eq(subscriptions.id, negotiations.subscriptionId))
        .where(
          and(eq(negotiations.userId, userId), eq(subscriptions.userMarkedNotSubscription, false)),
        )
        .orderBy(asc(negotiations.createdAt));
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
    /** Each negotiation's latest call attempt (not every attempt's transcript: issue 42). */
    async latestCalls(negotiationIds: string[]) {
      if (negotiationIds.length === 0) return [];
      return db
        .selectDistinctOn([negotiationCalls.negotiationId])
        .from(negotiationCalls)
        .where(inArray(negotiationCalls.negotiationId, negotiationIds))
        .orderBy(negotiationCalls.negotiationId, desc(negotiationCalls.attempt));
    },
  };
}
