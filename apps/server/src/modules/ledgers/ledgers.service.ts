/**
 * The nightly reconciliation of the money ledgers (docs/savings.md). It changes nothing: it reads
 * the savings and rewards ledgers, checks the rules every entry must keep, logs each broken one
 * and records the run, which `npm run jobs` prints.
 *
 * - every reward earned on a negotiation has a verified saving of that negotiation, and every
 *   reward earned on an annual plan a payment that went through (funded or renewed), or, once
 *   the payment came back, a reversal;
 * - per person, the balance is earned − (applied − returned) − reversed, and never below zero;
 * - no saving is above its bound: a negotiation's year of the bill it lowered, an annual plan's
 *   twelve months at the top of the merchant's plausible band less the plan, a cancellation's
 *   year of the bill it ended.
 */
import {
  CHARGES_PER_YEAR,
  findMerchant,
  plausibleMonthlyBand,
  type Cadence,
} from '@billow/contracts';
import type { NegotiationsRepo } from '../negotiations/negotiations.repo';
import type { PaymentsRepo } from '../payments/payments.repo';
import type { RewardsRepo } from '../rewards/rewards.repo';
import type { SavingsRepo } from '../savings/savings.repo';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { LedgersRepo } from './ledgers.repo';
import type { LedgerViolation } from './ledgers.tables';

export type LedgerCheck = {
  checkedAt: Date;
  people: number;
  savingsEntries: number;
  rewardEntries: number;
  violations: LedgerViolation[];
};

/**
 * What the reconciliation reads, each published by the module that owns it (read-only), as its
 * `ledgerFigures` (modules/feature-module.ts).
 */
export type LedgerFigures = {
  savings: SavingsRepo['all'];
  rewards: RewardsRepo['ledgerEntries'];
  /** Each negotiation that saved money, with the price per charge before the deal. */
  negotiatedDeals: NegotiationsRepo['settledDeals'];
  annualPayments: PaymentsRepo['annualPayments'];
  bills: PublishedSubscriptions['billFigures'];
  /** The balance the rewards feature reports for a person (what the person sees). */
  balanceCents: (userId: string) => Promise<number>;
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function createLedgersService(deps: {
  repo: LedgersRepo;
  /** The owners' figures, read when a check runs. */
  figures: () => LedgerFigures;
  log?: {
    warn(details: object, message: string): void;
    info?(details: object, message: string): void;
  };
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return {
    async reconcile(): Promise<LedgerCheck> {
      const figures = deps.figures();
      const [entries, rewards, deals, paid, allBills] = await Promise.all([
        figures.savings(),
        figures.rewards(),
        figures.negotiatedDeals(),
        figures.annualPayments(),
        figures.bills(),
      ]);
      const billById = new Map(allBills.map((b) => [b.id, b]));
      // Each saving with the bill it is on, and each deal with its bill's cadence.
      const savings = entries.map((s) => {
        const bill = s.subscriptionId === null ? undefined : billById.get(s.subscriptionId);
        return {
          ...s,
          merchantName: bill?.merchantName ?? null,
          merchantWebsite: bill?.merchantWebsite ?? null,
          billAmountCents: bill?.amountCents ?? null,
          billCadence: bill?.cadence ?? null,
        };
      });
      const bills = deals.flatMap((deal) => {
        const bill = billById.get(deal.subscriptionId);
        return bill ? [{ ...deal, cadence: bill.cadence }] : [];
      });
      const violations: LedgerViolation[] = [];

      const verified = new Set(
        savings.filter((s) => s.status === 'verified').map((s) => `${s.userId}:${s.sourceKey}`),
      );
      const paymentStatus = new Map(paid.map((p) => [`annual_plan:${p.id}`, p.status]));
      const reversed = new Set(
        rewards.filter((r) => r.kind === 'reversed').map((r) => `${r.userId}:${r.sourceKey}`),
      );
      for (const reward of rewards) {
        if (reward.kind !== 'earned' || reward.source !== 'annual_plan') continue;
        const status = paymentStatus.get(reward.sourceKey);
        const isSound =
          status === 'funded' ||
          status === 'renewed' ||
          (status === 'returned' && reversed.has(`${reward.userId}:${reward.sourceKey}`));
        if (!isSound)
          violations.push({
            rule: 'reward-without-verified-source',
            userId: reward.userId,
            sourceKey: reward.sourceKey,
            detail: `A ${dollars(reward.amountCents)} reward was earned on an annual-plan payment that is ${status ?? 'missing'}${status === 'returned' ? ' and was not reversed' : ''}.`,
          });
      }
      for (const reward of rewards) {
        if (reward.kind !== 'earned' || reward.source !== 'negotiation') continue;
        if (!verified.has(`${reward.userId}:${reward.sourceKey}`))
          violations.push({
            rule: 'reward-without-verified-source',
            userId: reward.userId,
            sourceKey: reward.sourceKey,
            detail: `A ${dollars(reward.amountCents)} reward was earned on a negotiation whose saving the bank has not shown.`,
          });
      }

      const totals = new Map<
        string,
        { earned: number; applied: number; reversed: number; returned: number }
      >();
      for (const reward of rewards) {
        const t = totals.get(reward.userId) ?? { earned: 0, applied: 0, reversed: 0, returned: 0 };
        t[reward.kind] += reward.amountCents;
        totals.set(reward.userId, t);
      }
      for (const [userId, t] of totals) {
        const expected = t.earned - (t.applied - t.returned) - t.reversed;
        const shown = await figures.balanceCents(userId);
        if (expected < 0 || shown !== expected)
          violations.push({
            rule: 'balance-mismatch',
            userId,
            detail: `Earned ${dollars(t.earned)} − applied ${dollars(t.applied - t.returned)} − reversed ${dollars(t.reversed)} is ${dollars(expected)}, but the balance shown is ${dollars(shown)}.`,
          });
      }

      const billOf = new Map(bills.map((b) => [`negotiation:${b.id}`, b]));
      for (const saving of savings) {
        let bound: number | undefined;
        if (saving.kind === 'negotiation') {
          const bill = billOf.get(saving.sourceKey);
          bound = bill
            ? bill.currentPriceCents * CHARGES_PER_YEAR[(bill.cadence as Cadence) ?? 'MONTHLY']
            : undefined;
        } else if (saving.kind === 'cancellation') {
          bound =
            saving.billAmountCents === null
              ? undefined
              : saving.billAmountCents *
                CHARGES_PER_YEAR[(saving.billCadence as Cadence | null) ?? 'MONTHLY'];
        } else if (saving.merchantName) {
          const merchant = findMerchant({
            merchantName: saving.merchantName,
            merchantWebsite: saving.merchantWebsite,
          });
          const band = merchant && plausibleMonthlyBand(merchant);
          bound =
            band && merchant.annualPlanPrice
              ? Math.round((12 * band.max - merchant.annualPlanPrice) * 100)
              : 0;
        }
        if (bound === undefined) continue;
        if (saving.amountCents > bound)
          violations.push({
            rule: 'saving-above-bound',
            userId: saving.userId,
            sourceKey: saving.sourceKey,
            detail: `A ${dollars(saving.amountCents)} saving is above its bound of ${dollars(bound)}.`,
          });
      }

      const check: LedgerCheck = {
        checkedAt: now(),
        people: new Set([...savings, ...rewards].map((e) => e.userId)).size,
        savingsEntries: savings.length,
        rewardEntries: rewards.length,
        violations,
      };
      await deps.repo.record(check);
      for (const violation of violations)
        deps.log?.warn({ violation }, 'The money ledgers break a rule');
      deps.log?.info?.(
        { people: check.people, violations: violations.length },
        'The money ledgers were reconciled',
      );
      return check;
    },
    latest: () => deps.repo.latest(),
  };
}

export type LedgersService = ReturnType<typeof createLedgersService>;

/** The latest run as lines for a terminal (`npm run jobs`). */
export function formatLedgerCheck(check: LedgerCheck | undefined): string {
  if (!check) return 'Ledger reconciliation: not run yet (it runs nightly).';
  const head = `Ledger reconciliation ${check.checkedAt.toISOString()}: ${check.people} people, ${check.savingsEntries} savings and ${check.rewardEntries} reward entries, ${check.violations.length === 0 ? 'no violations.' : `${check.violations.length} violation${check.violations.length === 1 ? '' : 's'}:`}`;
  return [
    head,
    ...check.violations.map(
      (v) => `  ${v.rule}  person ${v.userId}${v.sourceKey ? `  ${v.sourceKey}` : ''}  ${v.detail}`,
    ),
  ].join('\n');
}
