/**
 * Where the money goes: the month-by-month cost of a person's subscriptions and bills
 * by category, read from the charges detection matched to each subscription; and the ones whose
 * price went up, as the one detector the bills and the chat use says (docs/figures.md).
 */
import {
  centsToDollars,
  CHARGES_PER_YEAR,
  findMerchant,
  roundToCents,
  SPENDING_HISTORY_MONTHS,
  type Cadence,
  type MonthlySpend,
  type PriceIncrease,
  type PriceIncreaseFact,
  type SubscriptionCategory,
} from '@billow/contracts';
import { addMonths, formatIsoDate, parseIsoDate } from '@billow/recurring/dates';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repo';

export type ChargeHistory = {
  /** Today where the person is (their profile's zone): "this month" is their month. */
  today: string;
  /**
   * The charges summed by month and bill category (a charge on or after yesterday in UTC alone
   * with its day's), each sum dated by its first charge, in date order.
   */
  charges: { category: SubscriptionCategory; amountCents: number; date: string }[];
};

/** The person's visible bills, each with its price increase, as the one detector says. */
export type BillsWithPriceIncreases = (SubscriptionRow & {
  priceIncrease: PriceIncreaseFact | null;
})[];

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/** The first day of the month `months` before today's, as YYYY-MM-DD. */
function monthStart(today: string, monthsBack: number) {
  return `${formatIsoDate(addMonths(parseIsoDate(`${monthOf(today)}-01`), -monthsBack)).slice(0, 7)}-01`;
}

/** Every month from `first` through `last` (YYYY-MM), in order. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last; key = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

export function createInsightsService(deps: {
  /** Today where the person is and their bills' charges from `fromOf(today)`, read at once. */
  chargeHistory: (userId: string, fromOf: (today: string) => string) => Promise<ChargeHistory>;
  /** The bills without their charges, which the price increases do not need. */
  withPriceIncreases: (userId: string) => Promise<BillsWithPriceIncreases>;
}) {
  return {
    async spendingHistory(userId: string): Promise<{ months: MonthlySpend[] }> {
      const { today: now, charges } = await deps.chargeHistory(userId, (today) =>
        monthStart(today, SPENDING_HISTORY_MONTHS - 1),
      );
      if (charges.length === 0) return { months: [] };
      const byMonth = new Map<string, Map<SubscriptionCategory, number>>();
      for (const { category, ...charge } of charges) {
        if (charge.date > now) continue;
        const month = byMonth.get(monthOf(charge.date)) ?? new Map();
        month.set(category, (month.get(category) ?? 0) + charge.amountCents);
        byMonth.set(monthOf(charge.date), month);
      }
      const first = monthOf(charges[0]!.date);
      return {
        months: monthsBetween(first, monthOf(now)).map((month) => {
          const categories = [...(byMonth.get(month) ?? [])]
            .filter(([, cents]) => cents > 0)
            .sort(([, a], [, b]) => b - a)
            .map(([category, cents]) => ({ category, amount: centsToDollars(cents) }));
          const totalCents = [...(byMonth.get(month)?.values() ?? [])]
            .filter((cents) => cents > 0)
            .reduce((sum, cents) => sum + cents, 0);
          return { month, total: centsToDollars(totalCents), categories };
        }),
      };
    },

    /** The bills whose price went up, as the one detector says (priceIncreaseOf). */
    async priceIncreases(userId: string): Promise<PriceIncrease[]> {
      return (await deps.withPriceIncreases(userId))
        .flatMap((s): PriceIncrease[] => {
          const rise = s.priceIncrease;
          if (!rise) return [];
          const cadence = s.cadence as Cadence;
          const perCharge = centsToDollars(rise.amountCents - rise.previousCents);
          return [
            {
              subscription_id: s.id,
              merchant_name: s.merchantName,
              merchant_website_url: s.merchantWebsite,
              cadence,
              previous_amount: centsToDollars(rise.previousCents),
              amount: centsToDollars(rise.amountCents),
              changed_on: rise.changedOn,
              increase_per_year: roundToCents(perCharge * CHARGES_PER_YEAR[cadence]),
              is_negotiable:
                findMerchant({
                  merchantName: s.merchantName,
                  merchantWebsite: s.merchantWebsite,
                })?.isNegotiable ?? false,
            },
          ];
        })
        .sort((a, b) => b.increase_per_year - a.increase_per_year);
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
