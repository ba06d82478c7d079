/**
 * Where the money goes (issue 19): the month-by-month cost of a person's subscriptions and bills
 * by category, and the ones whose price went up. Both read the charges detection matched to each
 * subscription, so the figures add up to what the bills card and the detail popup show.
 */
import {
  centsToDollars,
  findMerchant,
  PRICE_INCREASE_LOOKBACK_MONTHS,
  SPENDING_HISTORY_MONTHS,
  type Cadence,
  type MonthlySpend,
  type PriceIncrease,
  type SubscriptionCategory,
} from '@billow/contracts';
import { monthlyAmount } from '@billow/recurring';
import { addMonths, formatIsoDate, parseIsoDate } from '@billow/recurring/dates';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repo';

export type ChargeHistory = {
  subscriptions: SubscriptionRow[];
  /** In date order. */
  charges: { subscriptionId: string; amountCents: number; date: string }[];
};

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

/** The engine's own tolerance: a cent or 1 % apart is the same price. */
const isSamePrice = (a: number, b: number) =>
  Math.abs(a - b) <= Math.max(2, Math.round(0.01 * Math.min(a, b)));

export function createInsightsService(deps: {
  chargeHistory: (userId: string, from: string) => Promise<ChargeHistory>;
  /** Today where the person is (their profile's zone): "this month" is their month. */
  todayOf: (userId: string) => Promise<string>;
}) {
  return {
    async spendingHistory(userId: string): Promise<{ months: MonthlySpend[] }> {
      const now = await deps.todayOf(userId);
      const from = monthStart(now, SPENDING_HISTORY_MONTHS - 1);
      const { subscriptions, charges } = await deps.chargeHistory(userId, from);
      if (charges.length === 0) return { months: [] };
      const categoryOf = new Map(subscriptions.map((s) => [s.id, s.category]));
      const byMonth = new Map<string, Map<SubscriptionCategory, number>>();
      for (const charge of charges) {
        const category = categoryOf.get(charge.subscriptionId);
        if (!category || charge.date > now) continue;
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

    async priceIncreases(userId: string): Promise<PriceIncrease[]> {
      const now = await deps.todayOf(userId);
      const since = formatIsoDate(addMonths(parseIsoDate(now), -PRICE_INCREASE_LOOKBACK_MONTHS));
      const { subscriptions, charges } = await deps.chargeHistory(
        userId,
        monthStart(now, SPENDING_HISTORY_MONTHS - 1),
      );
      const chargesOf = new Map<string, ChargeHistory['charges']>();
      for (const charge of charges) {
        if (charge.amountCents <= 0) continue;
        const list = chargesOf.get(charge.subscriptionId);
        if (list) list.push(charge);
        else chargesOf.set(charge.subscriptionId, [charge]);
      }
      return subscriptions
        .flatMap((s): PriceIncrease[] => {
          // The engine says whether the price went up; the charges say when, and from what.
          if (!s.isPriceIncrease || s.status === 'CANCELLED') return [];
          const paid = chargesOf.get(s.id) ?? [];
          for (let i = paid.length - 1; i > 0; i--) {
            const [before, after] = [paid[i - 1]!, paid[i]!];
            if (isSamePrice(before.amountCents, after.amountCents)) continue;
            if (after.amountCents < before.amountCents || after.date < since) return [];
            const cadence = s.cadence as Cadence;
            const rise = centsToDollars(after.amountCents - before.amountCents);
            return [
              {
                subscription_id: s.id,
                merchant_name: s.merchantName,
                merchant_website_url: s.merchantWebsite,
                cadence,
                previous_amount: centsToDollars(before.amountCents),
                amount: centsToDollars(after.amountCents),
                changed_on: after.date,
                increase_per_year: Math.round(monthlyAmount(rise, cadence) * 12 * 100) / 100,
                is_negotiable:
                  findMerchant({
                    merchantName: s.merchantName,
                    merchantWebsite: s.merchantWebsite,
                  })?.isNegotiable ?? false,
              },
            ];
          }
          return [];
        })
        .sort((a, b) => b.increase_per_year - a.increase_per_year);
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
