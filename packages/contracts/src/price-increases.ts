/**
 * The one rule for price increases (docs/figures.md): whether a bill's price went up, from what
 * and since when. Detection stores the latest change of a fixed price; this decides whether it is
 * still news. The bills list (its "Price went up" badge and the chat), Spending's price
 * increases, the export and the reminders all ask it, so they cannot disagree.
 */
import { PRICE_INCREASE_LOOKBACK_MONTHS } from './insights';

export type PriceIncreaseFact = {
  previousCents: number;
  amountCents: number;
  /** The first charge at the new price, YYYY-MM-DD. */
  changedOn: string;
};

/** What detection stored about a bill's price (the subscriptions table's names). */
export type PriceFacts = {
  status: string;
  isPriceIncrease: boolean;
  previousAmountCents: number | null;
  amountCents: number;
  priceChangedOn: string | null;
};

/** The same day `months` earlier (the month's last day when it has no such day), YYYY-MM-DD. */
export function monthsBefore(isoDay: string, months: number): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  first.setUTCDate(Math.min(day, lastDay.getUTCDate()));
  return first.toISOString().slice(0, 10);
}

/**
 * The bill's price increase, when it has one that is news on `today`: a rise to its current
 * price within the last PRICE_INCREASE_LOOKBACK_MONTHS, on a bill that is not cancelled. A
 * negotiated price or a price that came back down is no increase.
 */
export function priceIncreaseOf(row: PriceFacts, today: string): PriceIncreaseFact | null {
  if (!row.isPriceIncrease || row.status === 'CANCELLED') return null;
  if (row.previousAmountCents === null || row.priceChangedOn === null) return null;
  if (row.amountCents <= row.previousAmountCents) return null;
  if (row.priceChangedOn < monthsBefore(today, PRICE_INCREASE_LOOKBACK_MONTHS)) return null;
  return {
    previousCents: row.previousAmountCents,
    amountCents: row.amountCents,
    changedOn: row.priceChangedOn,
  };
}
