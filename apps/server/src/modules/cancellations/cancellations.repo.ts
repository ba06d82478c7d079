/** The cancellations module's queries: its own tables only. */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  callStage,
  type CallMessage,
  type CallStage,
  type CancellationStatus,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import {
  cancellationCalls,
  cancellationCharges,
  cancellationEvents,
  cancellations,
} from './cancellations.tables';

export type CancellationRow = typeof cancellations.$inferSelect;
export type CancellationCallRow = typeof cancellationCalls.$inferSelect;
export type CancellationsRepo = ReturnType<typeof createCancellationsRepo>;

const OPEN: CancellationStatus[] = ['REQUESTED', 'IN_PROGRESS', 'CONFIRMED'];

export function createCancellationsRepo(db: Db) {
  return {
    async get(id: string) {
      const [row] = await db.select().from(cancellations).where(eq(cancellations.id, id));
      return row;
    },
    async own(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(cancellations)
        .where(and(eq(cancellations.id, id), eq(cancellations.userId, userId)));
      return row;
    },
    /** The person's cancellations, newest first. */
    async ofUser(userId: string) {
      return db
        .select()
        .from(cancellations)
        .where(eq(cancellations.userId, userId))
        .orderBy(desc(cancellations.requestedAt), desc(cancellations.id));
    },
    async openOf(subscriptionId: string) {
      const [row] = await db
        .select()
        .from(cancellations)
        .where(
          and(
            eq(cancellations.subscriptionId, subscriptionId),
            inArray(cancellations.status, OPEN),
          ),
        );
      return row;
    },
    async confirmedOf(userId: string) {
      return db
        .select()
        .from(cancellations)
        .where(and(eq(cancellations.userId, userId), eq(cancellations.status, 'CONFIRMED')));
    },
    /**
     * Opens a cancellation and records its first event; `then` runs in the same transaction (to
     * queue its call). Undefined when another request opened one for the bill first.
     */
    async open(
      values: typeof cancellations.$inferInsert,
      then?: (row: CancellationRow, tx: Db) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cancellations)
          .values(values)
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        await tx.insert(cancellationEvents).values({
          cancellationId: row.id,
          newStatus: row.status,
          previousStatus: null,
          reason: `The person asked Billow to cancel (${row.way}).`,
        });
        await then?.(row, tx);
        return row;
      });
    },
    /**
     * Moves a cancellation between statuses and records the event, in one transaction; `then`
     * runs inside it. False when it was not in `from` any more (another run got there first).
     */
    async transition(
      id: string,
      from: CancellationStatus[],
      to: CancellationStatus,
      values: Partial<typeof cancellations.$inferInsert>,
      reason: string,
      then?: (tx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: cancellations.status })
          .from(cancellations)
          .where(and(eq(cancellations.id, id), inArray(cancellations.status, from)))
          .for('update');
        if (!before) return false;
        await tx
          .update(cancellations)
          .set({ ...values, status: to, updatedAt: new Date() })
          .where(eq(cancellations.id, id));
        await tx
          .insert(cancellationEvents)
          .values({ cancellationId: id, newStatus: to, previousStatus: before.status, reason });
        await then?.(tx);
        return true;
      });
    },
    /** Sandbox only: the watch ends on `day` (time passing, for trying it out). */
    async setWatchUntil(id: string, day: string) {
      await db
        .update(cancellations)
        .set({ watchUntil: day, updatedAt: new Date() })
        .where(eq(cancellations.id, id));
    },
    async events(cancellationId: string) {
      return db
        .select()
        .from(cancellationEvents)
        .where(eq(cancellationEvents.cancellationId, cancellationId))
        .orderBy(asc(cancellationEvents.effectiveDate), asc(cancellationEvents.id));
    },
    /** A charge seen after the cancellation was confirmed: `then` runs the first time only. */
    async recordChargeThen(
      cancellationId: string,
      chargeDate: string,
      amountCents: number,
      then: (tx: Db) => Promise<void>,
    ) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(cancellationCharges)
          .values({ cancellationId, chargeDate, amountCents })
          .onConflictDoNothing()
          .returning({ id: cancellationCharges.cancellationId });
        if (rows.length === 1) await then(tx);
      });
    },
    async chargesOf(cancellationIds: string[]) {
      if (cancellationIds.length === 0) return [];
      return db
        .select()
        .from(cancellationCharges)
        .where(inArray(cancellationCharges.cancellationId, cancellationIds))
        .orderBy(asc(cancellationCharges.chargeDate));
    },

    /** This attempt's call row, made on first use (a rerun of the job finds the same row). */
    async callFor(cancellationId: string, attempt: number, startedAt: Date) {
      await db
        .insert(cancellationCalls)
        .values({ cancellationId, attempt, stage: 'queued', startedAt })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(cancellationCalls)
        .where(
          and(
            eq(cancellationCalls.cancellationId, cancellationId),
            eq(cancellationCalls.attempt, attempt),
          ),
        );
      return row!;
    },
    async call(id: string) {
      const [row] = await db.select().from(cancellationCalls).where(eq(cancellationCalls.id, id));
      return row;
    },
    async latestCalls(cancellationIds: string[]) {
      if (cancellationIds.length === 0) return [];
      return db
        .select()
        .from(cancellationCalls)
        .where(inArray(cancellationCalls.cancellationId, cancellationIds))
        .orderBy(desc(cancellationCalls.attempt));
    },
    async callByProvider(providerCallId: string) {
      const [row] = await db
        .select()
        .from(cancellationCalls)
        .where(eq(cancellationCalls.providerCallId, providerCallId));
      return row;
    },
    async restartCall(id: string, startedAt: Date) {
      await db
        .update(cancellationCalls)
        .set({ stage: 'queued', messages: [], startedAt, endedAt: null })
        .where(eq(cancellationCalls.id, id));
    },
    async updateCall(id: string, values: Partial<typeof cancellationCalls.$inferInsert>) {
      await db.update(cancellationCalls).set(values).where(eq(cancellationCalls.id, id));
    },
    /**
     * Moves a running call to a stage (never an ended one). A call picked up again after a crash
     * is no longer reconnecting once it is connected.
     */
    async setStage(id: string, stage: CallStage, messages?: CallMessage[]) {
      const isConnected =
        callStage.options.indexOf(stage) >= callStage.options.indexOf('connected');
      await db
        .update(cancellationCalls)
        .set({
          stage,
          ...(messages ? { messages } : {}),
          ...(isConnected ? { reconnectingAt: null } : {}),
        })
        .where(and(eq(cancellationCalls.id, id), isNull(cancellationCalls.endedAt)));
    },
    /** Ends a call once: false when it had ended already. */
    async finishCall(id: string, values: Partial<typeof cancellationCalls.$inferInsert>) {
      const rows = await db
        .update(cancellationCalls)
        .set(values)
        .where(and(eq(cancellationCalls.id, id), isNull(cancellationCalls.endedAt)))
        .returning({ id: cancellationCalls.id });
      return rows.length === 1;
    },
    /** Claims a call's outcome for handling: true for exactly one caller. */
    async claimCall(id: string, tx: Db) {
      const rows = await tx
        .update(cancellationCalls)
        .set({ handledAt: new Date() })
        .where(and(eq(cancellationCalls.id, id), isNull(cancellationCalls.handledAt)))
        .returning({ id: cancellationCalls.id });
      return rows.length === 1;
    },
    /** Claims a call's outcome and, only when this caller got it, runs `then` in one transaction. */
    async claimThen(id: string, then: (tx: Db) => Promise<unknown>) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(cancellationCalls)
          .set({ handledAt: new Date() })
          .where(and(eq(cancellationCalls.id, id), isNull(cancellationCalls.handledAt)))
          .returning({ id: cancellationCalls.id });
        if (rows.length === 1) await then(tx);
        return rows.length === 1;
      });
    },
  };
}
