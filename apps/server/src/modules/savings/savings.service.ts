/**
 * The savings ledger: what Billow saved a person, written by the features that save money
 * (negotiations, annual plans) and summed for the lifetime-savings banner. A negotiated saving
 * is promised until the bank shows it, then verified (docs/savings.md): only verified savings
 * count as saved and earn rewards.
 */
import { annualPlanFor, dollarsToCents } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { SavingsEntry, SavingsRepo, SavingsRow } from './savings.repo';

/**
 * What the bank must show before a promised saving counts (docs/savings.md): a charge of the bill
 * at or below the new price after the deal, or, for free months, no full-price charge between
 * the deal and the bill's next date (with some days of grace), read from a sync past that day.
 */
export type SavingProof =
  | { kind: 'charge_at_or_below'; cents: number; after: string }
  | { kind: 'no_full_charge'; fullPriceCents: number; after: string; until: string };

/** What the bank shows of a person's bills: bank-linked accounts only, never imported files. */
type BankEvidence = {
  /** A bill's charges posted after a day (YYYY-MM-DD). */
  chargesOf(
    userId: string,
    subscriptionId: string,
    after: string,
  ): Promise<{ date: string; amountCents: number }[]>;
  /** The day of the person's latest bank sync, or null before any. */
  syncedThrough(userId: string): Promise<string | null>;
  /** A bill's merchant and latest bank charge as a month's worth, or null without one. */
  bankMonthlyOf(
    userId: string,
    subscriptionId: string,
    tx?: Db,
  ): Promise<{ merchantName: string; merchantWebsite: string | null; monthlyPrice: number } | null>;
};

/** Whether the bank's charges show what a promised saving said would happen. */
export function isShownByBank(
  proof: SavingProof,
  charges: readonly { date: string; amountCents: number }[],
  syncedThrough: string | null,
): boolean {
  const since = charges.filter((c) => c.date > proof.after);
  if (proof.kind === 'charge_at_or_below') return since.some((c) => c.amountCents <= proof.cents);
  // Free months: the bank has been read past the bill's next date and it was not charged in full.
  if (syncedThrough === null || syncedThrough < proof.until) return false;
  return !since.some((c) => c.date <= proof.until && c.amountCents >= proof.fullPriceCents);
}

const assertAmount = (cents: number) => {
  if (!Number.isInteger(cents) || cents <= 0) {
    throw new RangeError('A saving is a positive whole number of cents.');
  }
};

export function createSavingsService(deps: {
  repo: SavingsRepo;
  evidence?: BankEvidence;
  /** What follows from a saving the bank showed (its reward), in the transaction verifying it. */
  onVerified?: (row: SavingsRow, tx: Db) => Promise<void>;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return {
    /** Records a saving once per source event (safe to call again from a retried job). */
    record(entry: SavingsEntry, tx?: Db): Promise<boolean> {
      assertAmount(entry.amountCents);
      return deps.repo.add(entry, tx);
    },
    /** Records a saving that counts only once the bank shows `proof` (once per source event). */
    promise(entry: SavingsEntry & { proof: SavingProof }, tx?: Db): Promise<boolean> {
      assertAmount(entry.amountCents);
      return deps.repo.add({ ...entry, status: 'promised' }, tx);
    },
    /**
     * An annual plan Billow paid for: its saving is 12 months of the bill as the linked bank
     * charges it, less the plan, within the merchant's plausible band (docs/savings.md), and
     * never more than the payment claimed. Nothing is recorded without such a charge.
     */
    async recordAnnualPlan(
      paid: {
        userId: string;
        subscriptionId: string;
        paymentId: string;
        claimedSavingsCents: number;
        occurredAt: Date;
      },
      tx?: Db,
    ): Promise<number> {
      const bill = await deps.evidence?.bankMonthlyOf(paid.userId, paid.subscriptionId, tx);
      const plan = bill && annualPlanFor({ ...bill, status: 'ACTIVE' });
      const cents = plan ? Math.min(paid.claimedSavingsCents, dollarsToCents(plan.savings)) : 0;
      if (cents <= 0) return 0;
      await deps.repo.add(
        {
          userId: paid.userId,
          subscriptionId: paid.subscriptionId,
          kind: 'annual_conversion',
          amountCents: cents,
          sourceKey: `payment:${paid.paymentId}`,
          occurredAt: paid.occurredAt,
        },
        tx,
      );
      return cents;
    },
    /** Takes a saving back once (safe to call again). */
    retract(entry: Pick<SavingsEntry, 'userId' | 'kind' | 'sourceKey'>, tx?: Db) {
      return deps.repo.remove(entry, tx);
    },
    /**
     * After a bank sync: each promised saving the bank now shows becomes verified, once (safe to
     * run twice). Returns how many were verified.
     */
    async verify(userId: string): Promise<{ verified: number }> {
      const promised = await deps.repo.promisedOf(userId);
      if (promised.length === 0 || !deps.evidence) return { verified: 0 };
      const through = await deps.evidence.syncedThrough(userId);
      let verified = 0;
      for (const row of promised) {
        if (!row.proof || !row.subscriptionId) continue;
        const charges = await deps.evidence.chargesOf(userId, row.subscriptionId, row.proof.after);
        if (!isShownByBank(row.proof, charges, through)) continue;
        const isNew = await deps.repo.verifyThen(row.id, now(), (tx) =>
          deps.onVerified ? deps.onVerified(row, tx) : Promise.resolve(),
        );
        if (isNew) verified++;
      }
      return { verified };
    },
    async lifetimeSavings(userId: string) {
      const totals = await deps.repo.totalsCents(userId);
      return {
        lifetime_savings: totals.verified / 100,
        promised_savings: totals.promised / 100,
      };
    },
    /** Every entry, for the nightly reconciliation. */
    allEntries: () => deps.repo.all(),
  };
}

export type SavingsService = ReturnType<typeof createSavingsService>;
