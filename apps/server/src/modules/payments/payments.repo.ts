/** Payments' queries: payment rows, what a person owes, and the provider's event cursor. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
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
  // Read on every instant-savings request: built and planned once, not per request.
  const billsHoldingCard = db
    .selectDistinct({ subscriptionId: payments.subscriptionId })
    .from(payments)
    .leftJoin(
      paymentReceivables,
      and(
        eq(paymentReceivables.paymentId, payments.id),
        eq(paymentReceivables.userId, sql.placeholder('userId')),
        isNull(paymentReceivables.settledAt),
      ),
    )
    .where(
      and(
        eq(payments.userId, sql.placeholder('userId')),
        or(eq(payments.status, 'funded'), isNotNull(paymentReceivables.id)),
      ),
    )
    .prepare('payments_bills_holding_card_of');
  return {
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
    /** The cards the person's payments hold or held (a held one goes back in stock). */
    async cardIdsOf(userId: string) {
      const rows = await db
        .select({ id: payments.giftCardId })
        .from(payments)
        .where(and(eq(payments.userId, userId), isNotNull(payments.giftCardId)));
      return rows.map((row) => row.id!);
    },
    /** The renewal date of the funded payment a gift card was bought for. */
    async fundedRenewalOf(cardId: string) {
      const [row] = await db
        .select({ renewalDate: payments.renewalDate })
        .from(payments)
        .where(and(eq(payments.giftCardId, cardId), eq(payments.status, 'funded')))
        .limit(1);
      return row?.renewalDate;
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
    /** The person's payments that hold a plan now, by subscription. */
    /** Whether a live annual plan pays the bill whose id is `subscriptionId` in the reader's statement. */
    isPlanPaid: (subscriptionId: SQLWrapper) =>
      exists(
        db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.subscriptionId, subscriptionId),
              inArray(payments.status, [...livePaymentStatuses]),
            ),
          ),
      ),
    /**
     * The person's bills that hold a card Billow bought: a funded payment, or a payment whose
     * debit came back and is still owed (its card stays the person's). One statement.
     */
    async billsHoldingCardOf(userId: string): Promise<Set<string>> {
      const rows = await billsHoldingCard.execute({ userId });
      return new Set(rows.map((row) => row.subscriptionId));
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
    /** The person's payments, for their export. */
    async exportRows(userId: string) {
      const rows = await db
        .select({
          id: payments.id,
          subscriptionId: payments.subscriptionId,
          accountId: payments.accountId,
          giftCardId: payments.giftCardId,
          status: payments.status,
          amountCents: payments.amountCents,
          savingsCents: payments.savingsCents,
          declineReason: payments.declineReason,
          returnCode: payments.returnCode,
          renewalDate: payments.renewalDate,
          fundedAt: payments.fundedAt,
          returnedAt: payments.returnedAt,
          renewedAt: payments.renewedAt,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(asc(payments.createdAt), asc(payments.id));
      return { payments: rows };
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
    /** Each annual-plan payment's state (what its reward was earned on), everyone's. */
    annualPayments() {
      return db.select({ id: payments.id, status: payments.status }).from(payments);
    },
  };
}
