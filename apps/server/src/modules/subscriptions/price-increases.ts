/**
 * The one detector of price increases (docs/figures.md): whether a bill's price went up, from
 * what and since when. Detection stores the latest change of a fixed price; this decides whether
 * it is still news. The bills list (and so the bill's "Price went up" badge and the chat),
 * Spending's price increases, the export and the reminders all ask it, so they cannot disagree.
 */
import { PRICE_INCREASE_LOOKBACK_MONTHS } from '@billow/contracts';
import { addMonths, formatIsoDate, parseIsoDate } from '@billow/recurring/dates';
import type { SubscriptionRow } from './subscriptions.repo';

export type PriceIncreaseFact = {
  previousCents: number;
  amountCents: number;
  /** The first charge at the new price, YYYY-MM-DD. */
  changedOn: string;
};

type Row = Pick<
  SubscriptionRow,
  'status' | 'isPriceIncrease' | 'previousAmountCents' | 'amountCents' | 'priceChangedOn'
>;

/**
 * The bill's price increase, when it has one that is news on `today`: a rise to its current
 * price within the last PRICE_INCREASE_LOOKBACK_MONTHS, on a bill that is not cancelled. A
 * negotiated price or a price that came back down is no increase.
 */
export function priceIncreaseOf(row: Row, today: string): PriceIncreaseFact | null {
  if (!row.isPriceIncrease || row.status === 'CANCELLED') return null;
  if (row.previousAmountCents === null || row.priceChangedOn === null) return null;
  if (row.amountCents <= row.previousAmountCents) return null;
  const since = formatIsoDate(addMonths(parseIsoDate(today), -PRICE_INCREASE_LOOKBACK_MONTHS));
  if (row.priceChangedOn < since) return null;
  return {
    previousCents: row.previousAmountCents,
    amountCents: row.amountCents,
    changedOn: row.priceChangedOn,
  };
}
