/** Payments' queries: the subscription and account a payment needs, stock, and payment rows. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bankAccounts, bankItems } from '../banking/banking.tables';
import { giftCards } from '../gift-cards/gift-cards.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';
import {
  livePaymentStatuses,
  paymentEventCursor,
  payments,
  type PaymentStatus,
} from './payments.tables';

export type PaymentRow = typeof payments.$inferSelect;
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
    async activeSubscriptionsOf(userId: string) {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.userMarkedNotSubscription, false),
            eq(subscriptions.status, 'ACTIVE'),
          ),
        );
    },
    /**
     * The account to debit: the one named (the person's own), else the primary payment account,
     * else the person's first checking or savings account.
     */
    async paymentAccount(userId: string, accountId: string | undefined) {
      const rows = await db
        .select({ account: bankAccounts, item: bankItems })
        .from(bankAccounts)
        .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
        .where(
          accountId
            ? and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId))
            : eq(bankAccounts.userId, userId),
        )
        .orderBy(desc(bankAccounts.isPrimaryPaymentAccount), asc(bankAccounts.createdAt));
      if (accountId) return rows[0];
      return (
        rows.find((r) => r.account.isPrimaryPaymentAccount) ??
        rows.find(
          (r) =>
            r.account.type === 'depository' &&
            r.account.isActive &&
            r.account.subtype === 'checking',
        ) ??
        rows.find((r) => r.account.type === 'depository' && r.account.isActive)
      );
    },
    async accountWithItem(accountId: string) {
      const [row] = await db
        .select({ account: bankAccounts, item: bankItems })
        .from(bankAccounts)
        .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
        .where(eq(bankAccounts.id, accountId));
      return row;
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
    /** Voids a card that was never revealed; a revealed one stays (its number is out). */
    /**
     * Takes a returned payment's card back: a card still held goes back in stock, an assigned
     * card whose number was never shown is voided, and a revealed one cannot be taken back.
     */
    async voidCard(
      tx: Db,
      cardId: string | null,
      at: Date,
    ): Promise<'voided' | 'revealed' | 'none'> {
      if (!cardId) return 'none';
      const [card] = await tx
        .select()
        .from(giftCards)
        .where(eq(giftCards.id, cardId))
        .for('update');
      if (!card) return 'none';
      if (card.status === 'reserved') {
        await tx.update(giftCards).set({ status: 'available' }).where(eq(giftCards.id, cardId));
        return 'none';
      }
      if (card.status !== 'assigned') return 'none';
      if (card.revealedAt) return 'revealed';
      await tx
        .update(giftCards)
        .set({ status: 'void', voidedAt: at })
        .where(eq(giftCards.id, cardId));
      return 'voided';
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
        .select()
        .from(payments)
        .where(
          and(eq(payments.userId, userId), inArray(payments.status, [...livePaymentStatuses])),
        );
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
