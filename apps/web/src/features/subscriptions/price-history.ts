/**
 * A subscription's price over time, from its payments: the points oldest first, the
 * payments where the price changed (a cent or 1 % apart is the same price, as detection reads
 * it), and a sentence that says what the line shows.
 */
import { formatDollars, type SubscriptionTransaction } from '@billow/contracts';
import { formatLongDate } from '@/lib/dates';

export type PricePoint = { date: string; amount: number; isChange: boolean };

/** More changes than this and a bill is variable (a utility), not a price that moved. */
const VARIABLE_AFTER_CHANGES = 3;

const isSamePrice = (a: number, b: number) =>
  Math.abs(a - b) <= Math.max(0.02, 0.01 * Math.min(a, b));

export function pricePoints(payments: readonly SubscriptionTransaction[]): PricePoint[] {
  const paid = payments
    .filter((payment) => payment.amount > 0)
    .sort((a, b) => a.date.localeCompare(b.date));
  return paid.map((payment, i) => ({
    date: payment.date,
    amount: payment.amount,
    isChange: i > 0 && !isSamePrice(paid[i - 1]!.amount, payment.amount),
  }));
}

export function priceSummary(points: readonly PricePoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  const changes = points.flatMap((point, i) =>
    point.isChange ? [[points[i - 1]!, point] as const] : [],
  );
  if (changes.length === 0) {
    return `The price has stayed at ${formatDollars(last.amount)} since ${formatLongDate(first.date)}.`;
  }
  if (changes.length > VARIABLE_AFTER_CHANGES) {
    const amounts = points.map((p) => p.amount);
    return `The amount changes from bill to bill, between ${formatDollars(Math.min(...amounts))} and ${formatDollars(Math.max(...amounts))}.`;
  }
  return changes
    .map(
      ([before, after]) =>
        `The price went ${after.amount > before.amount ? 'up' : 'down'} from ${formatDollars(before.amount)} to ${formatDollars(after.amount)} on ${formatLongDate(after.date)}.`,
    )
    .join(' ');
}
