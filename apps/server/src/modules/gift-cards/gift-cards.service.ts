/**
 * Gift cards (docs/annual-plans.md, "The gift card"; POST /api/gift-cards/get): the stock Billow
 * buys annual plans with, loaded from a CSV, and the card a person got for a paid plan. A number is
 * decrypted only for its owner, on request, once the payments feature releases it (the debit
 * settled, docs/payments.md), and never logged.
 */
import crypto from 'node:crypto';
import {
  cardValue,
  dollarsToCents,
  giftCardMerchant,
  maskCardNumber,
  merchants,
  type AnnualPlanPayment,
  type GiftCardResponse,
} from '@billow/contracts';
import { and, asc, count, desc, eq, exists, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { FieldCipher } from '../../security/encryption';
import { giftCards } from './gift-cards.tables';

/** One row of a stock file: the merchant by id or by name, the number, value and expiry. */
const giftCardStockRow = z
  .object({
    merchantId: z.coerce.number().int().positive().optional(),
    serviceName: z.string().trim().min(1).optional(),
    cardNumber: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{8,40}$/, 'A card number is 8 to 40 letters, digits or dashes'),
    cardValue,
    expiryDate: z.iso.date().optional(),
  })
  .and(giftCardMerchant);
type GiftCardStockRow = z.infer<typeof giftCardStockRow>;

/** How many cards of each merchant with an annual plan the sandbox starts with. */
const SANDBOX_STOCK_PER_MERCHANT = 25;

export function createGiftCardsService(deps: {
  db: Db;
  cipher: FieldCipher;
  /** Keys the digest that finds a card loaded twice without decrypting the stock. */
  digestKey: Uint8Array;
  /** The subscription's latest payment, and whether its card's number may be shown. */
  paymentFor: (
    userId: string,
    subscriptionId: string,
  ) => Promise<{ isReleased: boolean; payment: AnnualPlanPayment | null }>;
  /** The renewal date of the funded payment a card was bought for (the payments module). */
  fundedRenewalOf: (cardId: string) => Promise<string | null | undefined>;
  /** The person's subscription, or undefined when it is not theirs (the subscriptions module). */
  billOf: (
    userId: string,
    subscriptionId: string,
  ) => Promise<{ renewalDate: string | null } | undefined>;
  clock?: () => Date;
}) {
  const { db } = deps;
  const now = deps.clock ?? (() => new Date());
  const digest = (number: string) =>
    crypto.createHmac('sha256', deps.digestKey).update(number.replace(/-/g, '')).digest('hex');

  function merchantIdOf(row: GiftCardStockRow): number | undefined {
    if (row.merchantId !== undefined) return row.merchantId;
    const name = row.serviceName!.toLowerCase();
    return merchants.find((m) => m.name.toLowerCase() === name || m.slug === name)?.id;
  }

  return {
    /** The cards handed to the person, for their export: the last four, never the number. */
    async exportRows(userId: string) {
      const rows = await db
        .select({
          id: giftCards.id,
          subscriptionId: giftCards.subscriptionId,
          cardNumberLastFour: giftCards.cardNumberLastFour,
          valueCents: giftCards.valueCents,
          expiryDate: giftCards.expiryDate,
          status: giftCards.status,
          assignedAt: giftCards.assignedAt,
          revealedAt: giftCards.revealedAt,
          voidedAt: giftCards.voidedAt,
        })
        .from(giftCards)
        .where(eq(giftCards.userId, userId))
        .orderBy(asc(giftCards.assignedAt), asc(giftCards.id));
      return { giftCards: rows };
    },

    /** Whether the bill whose id is `subscriptionId` in a reader's statement holds a card handed out. */
    holdsAssignedCard: (subscriptionId: SQLWrapper) =>
      exists(
        db
          .select({ id: giftCards.id })
          .from(giftCards)
          .where(
            and(eq(giftCards.subscriptionId, subscriptionId), eq(giftCards.status, 'assigned')),
          ),
      ),

    /** Adds cards to the stock; a card already loaded is skipped. Returns how many were added. */
    async load(rows: GiftCardStockRow[]): Promise<{ added: number; skipped: number }> {
      let added = 0;
      for (const row of rows) {
        const merchantId = merchantIdOf(row);
        if (!merchantId) throw new Error(`Unknown merchant: ${row.serviceName ?? row.merchantId}`);
        const number = row.cardNumber.replace(/\s/g, '');
        const inserted = await db
          .insert(giftCards)
          .values({
            merchantId,
            cardNumberEncrypted: deps.cipher.encrypt(number),
            cardNumberLastFour: number.slice(-4),
            cardNumberDigest: digest(number),
            valueCents: dollarsToCents(Number(row.cardValue)),
            expiryDate: row.expiryDate ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: giftCards.id });
        added += inserted.length;
      }
      return { added, skipped: rows.length - added };
    },

    /** First start of a sandbox: stock for every merchant that sells an annual plan. */
    async seedSandboxStock() {
      const [row] = await db.select({ n: count() }).from(giftCards);
      if ((row?.n ?? 0) > 0) return;
      const expiry = new Date(now().getTime() + 3 * 365 * 24 * 3600_000).toISOString().slice(0, 10);
      const rows: GiftCardStockRow[] = merchants
        .filter((m) => m.annualPlanPrice)
        .flatMap((m) =>
          Array.from({ length: SANDBOX_STOCK_PER_MERCHANT }, () => ({
            merchantId: m.id,
            // Random digits: a sandbox card is worth nothing anywhere.
            cardNumber: Array.from({ length: 16 }, () => crypto.randomInt(10)).join(''),
            cardValue: m.annualPlanPrice!,
            expiryDate: expiry,
          })),
        );
      await this.load(rows);
    },

    /** The person's card for a subscription (masked unless the full number is asked for). */
    async get(
      userId: string,
      subscriptionId: string,
      includeFullCardNumber: boolean,
    ): Promise<GiftCardResponse> {
      const [card] = await db
        .select()
        .from(giftCards)
        .where(
          and(
            eq(giftCards.userId, userId),
            eq(giftCards.subscriptionId, subscriptionId),
            eq(giftCards.status, 'assigned'),
          ),
        )
        .orderBy(desc(giftCards.assignedAt))
        .limit(1);
      if (!card) {
        if (!(await deps.billOf(userId, subscriptionId)))
          throw new ProblemError('subscription-not-found', 'Subscription not found.', {
            code: 'subscription-not-found',
          });
        return {
          success: false,
          giftCard: null,
          subscription: null,
          error: 'No gift card is assigned to this subscription yet.',
          payment: (await deps.paymentFor(userId, subscriptionId)).payment,
        };
      }
      const release = await deps.paymentFor(userId, subscriptionId);
      let cardNumber: string | undefined;
      // Until the debit settles the number stays with Billow (a card it was paid for).
      if (includeFullCardNumber && (release.isReleased || card.revealedAt)) {
        cardNumber = deps.cipher.decrypt(card.cardNumberEncrypted);
        if (!card.revealedAt)
          await db.update(giftCards).set({ revealedAt: now() }).where(eq(giftCards.id, card.id));
      }
      const renewalDate = await deps.fundedRenewalOf(card.id);
      const subscription = await deps.billOf(userId, subscriptionId);
      return {
        success: true,
        giftCard: {
          id: card.id,
          cardNumberMasked: maskCardNumber(card.cardNumberLastFour),
          ...(cardNumber ? { cardNumber } : {}),
          merchantId: card.merchantId,
          cardValue: card.valueCents / 100,
          expiryDate: card.expiryDate,
          subscriptionId,
        },
        subscription: { renewalDate: renewalDate ?? subscription?.renewalDate ?? null },
        error: null,
        payment: release.payment,
      };
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;

/** Reads a stock CSV: a header row naming the columns, then one card per line. */
export function parseGiftCardCsv(text: string): GiftCardStockRow[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  const [header, ...body] = lines;
  if (!header) return [];
  const columns = header.split(',').map((c) => c.trim());
  return body.map((line, index) => {
    const cells = line.split(',').map((c) => c.trim());
    const raw = Object.fromEntries(
      columns.flatMap((column, i) => (cells[i] ? [[column, cells[i]]] : [])),
    );
    const parsed = giftCardStockRow.safeParse(raw);
    if (!parsed.success) {
      throw new Error(
        `Line ${index + 2}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
      );
    }
    return parsed.data;
  });
}
