/**
 * The gift-card stock as payments use it: a card is reserved while a debit goes through, then
 * assigned to the person, put back in stock, or taken back after a returned debit. Payments call
 * these in their own transaction (`tx`), so a card moves together with the payment that holds it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { giftCards } from './gift-cards.tables';

export type GiftCardStock = ReturnType<typeof createGiftCardStock>;

export function createGiftCardStock(db: Db) {
  return {
    /** Takes one card of the merchant out of stock for a payment (skipping cards others hold). */
    async reserve(tx: Db, merchantId: number) {
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
    /** Puts back in stock those of the cards named that are still held (none was handed out). */
    async releaseHeld(cardIds: string[]) {
      if (cardIds.length === 0) return;
      await db
        .update(giftCards)
        .set({ status: 'available' })
        .where(and(eq(giftCards.status, 'reserved'), inArray(giftCards.id, cardIds)));
    },
    async release(tx: Db, cardId: string | null) {
      if (!cardId) return;
      await tx
        .update(giftCards)
        .set({ status: 'available' })
        .where(and(eq(giftCards.id, cardId), eq(giftCards.status, 'reserved')));
    },
    async assign(
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
    async takeBack(tx: Db, cardId: string | null): Promise<'restocked' | 'revealed' | 'none'> {
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
  };
}
