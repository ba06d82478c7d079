/**
 * The reads behind a person's data export. Each query names the columns it takes and is scoped to
 * the person's id, so a secret column (a bank access token, a gift card's number, negotiation
 * answers, all kept encrypted) cannot reach the export through a `select()` of the whole row,
 * today or after a column is added.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bankAccounts, bankItems, bankTransactions } from '../banking/banking.tables';
import { giftCards } from '../gift-cards/gift-cards.tables';
import { negotiationEvents, negotiations } from '../negotiations/negotiations.tables';
import { payments } from '../payments/payments.tables';
import { rewardLedger } from '../rewards/rewards.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';

export type ExportRepo = ReturnType<typeof createExportRepo>;

export function createExportRepo(db: Db) {
  return {
    accounts: (userId: string) =>
      db
        .select({
          id: bankAccounts.id,
          institutionName: bankItems.institutionName,
          name: bankAccounts.name,
          officialName: bankAccounts.officialName,
          mask: bankAccounts.mask,
          type: bankAccounts.type,
          subtype: bankAccounts.subtype,
          currentBalanceCents: bankAccounts.currentBalanceCents,
          availableBalanceCents: bankAccounts.availableBalanceCents,
          currency: bankAccounts.isoCurrencyCode,
          isActive: bankAccounts.isActive,
          isPrimaryPaymentAccount: bankAccounts.isPrimaryPaymentAccount,
          linkStatus: bankItems.status,
          lastSyncedAt: bankItems.lastSyncedAt,
          createdAt: bankAccounts.createdAt,
        })
        .from(bankAccounts)
        .innerJoin(
          bankItems,
          and(eq(bankItems.id, bankAccounts.itemId), eq(bankItems.userId, bankAccounts.userId)),
        )
        .where(eq(bankAccounts.userId, userId))
        .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id)),

    transactions: (userId: string) =>
      db
        .select({
          id: bankTransactions.id,
          accountId: bankTransactions.accountId,
          date: bankTransactions.date,
          authorizedDate: bankTransactions.authorizedDate,
          name: bankTransactions.name,
          merchantName: bankTransactions.merchantName,
          amountCents: bankTransactions.amountCents,
          currency: bankTransactions.isoCurrencyCode,
          isPending: bankTransactions.pending,
        })
        .from(bankTransactions)
        .where(eq(bankTransactions.userId, userId))
        .orderBy(asc(bankTransactions.date), asc(bankTransactions.id)),

    subscriptions: (userId: string) =>
      db
        .select({
          id: subscriptions.id,
          merchantName: subscriptions.merchantName,
          merchantWebsite: subscriptions.merchantWebsite,
          category: subscriptions.category,
          cadence: subscriptions.cadence,
          status: subscriptions.status,
          amountCents: subscriptions.amountCents,
          previousAmountCents: subscriptions.previousAmountCents,
          normalizedMonthlyCents: subscriptions.normalizedMonthlyCents,
          currency: subscriptions.currency,
          firstChargeDate: subscriptions.firstChargeDate,
          lastChargeDate: subscriptions.lastChargeDate,
          renewalDate: subscriptions.renewalDate,
          cancelDate: subscriptions.cancelDate,
          paymentAccountId: subscriptions.paymentAccountId,
          isBillowManaged: subscriptions.isBillowManaged,
          userMarkedNotSubscription: subscriptions.userMarkedNotSubscription,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.merchantName), asc(subscriptions.id)),

    /** Offers without their answers (answersEncrypted) and without call transcripts. */
    negotiations: (userId: string) =>
      db
        .select({
          id: negotiations.id,
          subscriptionId: negotiations.subscriptionId,
          merchantName: subscriptions.merchantName,
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
        .innerJoin(
          subscriptions,
          and(
            eq(subscriptions.id, negotiations.subscriptionId),
            eq(subscriptions.userId, negotiations.userId),
          ),
        )
        .where(eq(negotiations.userId, userId))
        .orderBy(asc(negotiations.createdAt), asc(negotiations.id)),

    negotiationEvents: (userId: string) =>
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

    payments: (userId: string) =>
      db
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
        .orderBy(asc(payments.createdAt), asc(payments.id)),

    /** The cards handed to the person: the last four of each number, never the number. */
    giftCards: (userId: string) =>
      db
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
        .orderBy(asc(giftCards.assignedAt), asc(giftCards.id)),

    rewards: (userId: string) =>
      db
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
        .orderBy(asc(rewardLedger.occurredAt), asc(rewardLedger.id)),
  };
}
