/** Payments' queries: the subscription and account a payment needs, stock, and payment rows. */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { giftCards } from '../gift-cards/gift-cards.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';
import {
  livePaymentStatuses,
  paymentEventCursor,
  paymentReceivables,
  payments,
  type PaymentStatus,
} from './payments.tables';

export type PaymentRow = typeof payments.$inferSelect;
export type ReceivableRow = typeof paymentReceivables.$inferSelect;

/** Whether an error (or its cause) is PostgreSQL's unique violation of the constraint named. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
  }
  return false;
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;

const CURSOR_ID = 'transfer-events';

export function createPaymentsRepo(db: Db) {
  return {
    async person(userId: string) {
      const [row] = await db
        .select({ legalName: users.legalName, phoneNumber: users.phoneNumber })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
    async subscriptionOf(userId: string, subscriptionId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
      return row;
    },
    /** What instant-savings reads of each ACTIVE bill: no whole rows (issue 42). */
    async activeSubscriptionsOf(userId: string) {
      return db
        .select({
          id: subscriptions.id,
          userId: subscriptions.userId,
          status: subscriptions.status,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
        })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.userMarkedNotSubscription, false),
            eq(subscriptions.status, 'ACTIVE'),
          ),
        );
    },
    /** Holds the subscription's row until the transaction ends: one payment decision at a time. */
    async lockSubscription(tx: Db, subscriptionId: string) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId))
        .for('update');
      return row;
    },
    async livePayment(tx: Db, subscriptionId: string) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.subscriptionId, subscriptionId),
            inArray(payments.status, [...livePaymentStatuses]),
          ),
        );
      return row;
    },
    async paymentCount(tx: Db, subscriptionId: string) {
      const [row] = await tx
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.subscriptionId, subscriptionId));
      return row?.n ?? 0;
    },
    /** Takes one card of the merchant out of stock for a payment (skipping cards others hold). */
    async reserveCard(tx: Db, merchantId: number) {
      const [card] = await tx
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(and(eq(giftCards.merchantId, merchantId), eq(giftCards.status, 'available')))
        .orderBy(asc(giftCards.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!card) return undefined;
      await tx.update(giftCards).set({ status: 'reserved' }).where(eq(giftCards.id, card.id));
      return card;
    },
    /** Puts back in stock the cards still held for a person's payments (none was handed out). */
    async releaseCardsHeldFor(userId: string) {
      await db
        .update(giftCards)
        .set({ status: 'available' })
        .where(
          and(
            eq(giftCards.status, 'reserved'),
            inArray(
              giftCards.id,
              db
                .select({ id: payments.giftCardId })
                .from(payments)
                .where(eq(payments.userId, userId)),
            ),
          ),
        );
    },
    async releaseCard(tx: Db, cardId: string | null) {
      if (!cardId) return;
      await tx
        .update(giftCards)
        .set({ status: 'available' })
        .where(and(eq(giftCards.id, cardId), eq(giftCards.status, 'reserved')));
    },
    async assignCard(
      tx: Db,
      cardId: string | null,
      owner: { userId: string; subscriptionId: string; at: Date },
    ) {
      if (!cardId) return false;
      const rows = await tx
        .update(giftCards)
        .set({
          status: 'assigned',
          userId: owner.userId,
          subscriptionId: owner.subscriptionId,
          assignedAt: owner.at,
        })
        .where(and(eq(giftCards.id, cardId), eq(giftCards.status, 'reserved')))
        .returning({ id: giftCards.id });
      return rows.length === 1;
    },
    /**
     * Takes a returned payment's card back: a card whose number was never shown goes back in
     * stock (held or assigned, nobody saw it), and a revealed one cannot be taken back.
     */
    async takeCardBack(tx: Db, cardId: string | null): Promise<'restocked' | 'revealed' | 'none'> {
      if (!cardId) return 'none';
      const [card] = await tx
        .select()
        .from(giftCards)
        .where(eq(giftCards.id, cardId))
        .for('update');
      if (!card || (card.status !== 'reserved' && card.status !== 'assigned')) return 'none';
      if (card.revealedAt) return 'revealed';
      await tx
        .update(giftCards)
        .set({ status: 'available', userId: null, subscriptionId: null, assignedAt: null })
        .where(eq(giftCards.id, cardId));
      return 'restocked';
    },
    async insertPayment(tx: Db, values: typeof payments.$inferInsert) {
      const [row] = await tx.insert(payments).values(values).returning();
      return row!;
    },
    async payment(paymentId: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      return row;
    },
    async lockPayment(tx: Db, paymentId: string) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      return row;
    },
    async lockPaymentByTransfer(tx: Db, transferId: string) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerTransferId, transferId))
        .for('update');
      return row;
    },
    async updatePayment(tx: Db, paymentId: string, values: Partial<typeof payments.$inferInsert>) {
      await tx
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(payments.id, paymentId));
    },
    /** Moves a payment on only from the status named: false when something else moved it. */
    async movePayment(
      tx: Db,
      paymentId: string,
      from: PaymentStatus,
      values: Partial<typeof payments.$inferInsert> & { status: PaymentStatus },
    ) {
      const rows = await tx
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, from)))
        .returning({ id: payments.id });
      return rows.length === 1;
    },
    async setSubscriptionPlan(
      tx: Db,
      subscriptionId: string,
      values: { isBillowManaged: boolean; renewalDate: string | null },
    ) {
      await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscriptions.id, subscriptionId));
    },
    /** The person's payments that hold a plan now, by subscription. */
    async livePaymentsOf(userId: string) {
      return db
        .select({ subscriptionId: payments.subscriptionId, status: payments.status })
        .from(payments)
        .where(
          and(eq(payments.userId, userId), inArray(payments.status, [...livePaymentStatuses])),
        );
    },
    /** The person's latest payment for a subscription, and what they owe for it. */
    async latestPaymentFor(userId: string, subscriptionId: string) {
      const [row] = await db
        .select({ payment: payments, receivable: paymentReceivables })
        .from(payments)
        .leftJoin(paymentReceivables, eq(paymentReceivables.paymentId, payments.id))
        .where(and(eq(payments.userId, userId), eq(payments.subscriptionId, subscriptionId)))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row;
    },
    /** Records that the provider settled a debit (once; later events change nothing). */
    async markSettled(transferId: string, at: Date) {
      const rows = await db
        .update(payments)
        .set({ settledAt: at, updatedAt: new Date() })
        .where(and(eq(payments.providerTransferId, transferId), isNull(payments.settledAt)))
        .returning();
      return rows[0];
    },
    /** How many of the person's debits settled and were never sent back. */
    async settledPaymentCount(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            isNotNull(payments.settledAt),
            inArray(payments.status, ['funded', 'renewed']),
          ),
        );
      return row?.n ?? 0;
    },
    async insertReceivable(tx: Db, values: typeof paymentReceivables.$inferInsert) {
      await tx.insert(paymentReceivables).values(values).onConflictDoNothing();
    },
    /** What the person still owes, oldest first, with the subscription each payment was for. */
    async openReceivables(userId: string) {
      return db
        .select({
          id: paymentReceivables.id,
          amountCents: paymentReceivables.amountCents,
          subscriptionId: payments.subscriptionId,
        })
        .from(paymentReceivables)
        .innerJoin(payments, eq(payments.id, paymentReceivables.paymentId))
        .where(and(eq(paymentReceivables.userId, userId), isNull(paymentReceivables.settledAt)))
        .orderBy(asc(paymentReceivables.createdAt));
    },
    /** Everyone's open receivables, oldest first (the operator's list; no personal data). */
    async allOpenReceivables() {
      return db
        .select()
        .from(paymentReceivables)
        .where(isNull(paymentReceivables.settledAt))
        .orderBy(asc(paymentReceivables.createdAt));
    },
    async settleReceivable(receivableId: string, at: Date) {
      const rows = await db
        .update(paymentReceivables)
        .set({ settledAt: at })
        .where(and(eq(paymentReceivables.id, receivableId), isNull(paymentReceivables.settledAt)))
        .returning({ id: paymentReceivables.id });
      return rows.length === 1;
    },
    async eventCursor() {
      const [row] = await db
        .select()
        .from(paymentEventCursor)
        .where(eq(paymentEventCursor.id, CURSOR_ID));
      return row?.afterId ?? 0;
    },
    async saveEventCursor(afterId: number) {
      await db
        .insert(paymentEventCursor)
        .values({ id: CURSOR_ID, afterId })
        .onConflictDoUpdate({
          target: paymentEventCursor.id,
          // Two syncs at once never move it back.
          set: {
            afterId: sql`greatest(${paymentEventCursor.afterId}, ${afterId})`,
            updatedAt: new Date(),
          },
        });
    },
  };
}
