/**
 * The shapes that cross the package boundary. Cadence and status values are the ones of
 * docs/subscriptions.md ("Statuses and cadences"), spelled exactly as `@billow/contracts` spells
 * them, so the app can store a detected stream without translating.
 */

import type { Cadence, SubscriptionCategory, SubscriptionStatus } from '@billow/contracts';

export type { Cadence, SubscriptionCategory };

/** The subset of subscription statuses detection can infer from transactions alone. */
export type StreamStatus = Extract<
  SubscriptionStatus,
  'ACTIVE' | 'CANCELLED' | 'FREE_TRIAL' | 'FAILED_PAYMENT' | 'UNKNOWN'
>;

/** A bank transaction in Plaid's sign convention: amount > 0 is money leaving the account. */
export type Transaction = {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  /** Dollars. Positive = outflow, negative = inflow (refunds, paychecks). */
  amount: number;
  account_id?: string;
  merchant_name?: string | null;
};

export type MerchantCatalogueEntry = {
  id: string;
  name: string;
  /** Bare domain, e.g. `netflix.com`. */
  website: string | null;
  /** snake_case, e.g. `streaming`, `utilities`. */
  category: SubscriptionCategory;
  /** Upper-case fragments or regular-expression sources matched against the cleaned descriptor. */
  aliases: string[];
  /** True for merchants that sell subscriptions or send bills; false for habitual spending. */
  isRecurringMerchant?: boolean;
  /**
   * True for a store that bills one-off purchases under the same descriptor as its plans (an
   * app store, a video store, a game console's store): a run of equal prices there needs more
   * to be a plan (storefronts.ts).
   */
  isStorefront?: boolean;
};

export type MerchantCatalogue = readonly MerchantCatalogueEntry[];

export type NormalizedMerchant = {
  /** Grouping key: the catalogue id, or `raw:` + the cleaned descriptor. */
  key: string;
  name: string;
  website: string | null;
  category: SubscriptionCategory;
  /** Set when the descriptor matched a catalogue alias. */
  catalogueId: string | null;
  isRecurringMerchant: boolean | null;
  /** The catalogue entry's `isStorefront`; false for a merchant the catalogue does not know. */
  isStorefront: boolean;
};

export type AmountPoint = { date: string; amount: number };

export type RecurringStream = {
  merchant: string;
  website: string | null;
  category: SubscriptionCategory;
  cadence: Cadence;
  /** Every charge of the stream, reversed attempts included, sorted by date. */
  transaction_ids: string[];
  average_amount: number;
  last_amount: number;
  amounts: AmountPoint[];
  price_increase: boolean;
  /**
   * The latest change of a fixed price: the price before, the price after and the day of the
   * first charge at the new one. Null when the price never changed, or when the bill is metered.
   */
  price_change: { from: number; to: number; date: string } | null;
  first_date: string;
  last_date: string;
  predicted_next_date: string;
  /**
   * Days between charges when the stream bills on a fixed number of days — 7 weekly, 14
   * biweekly, 28 for a plan reported as monthly that bills every four weeks — and null for
   * calendar grids (semi-monthly, monthly, quarterly, yearly). Later charges step by it.
   */
  period_days: number | null;
  days_until_due: number;
  normalized_monthly_amount: number;
  status: StreamStatus;
  confidence: number;
  evidence: string[];
};

export type DetectOptions = {
  /** YYYY-MM-DD; defaults to the latest transaction date in the input. */
  asOf?: string;
  catalogue?: MerchantCatalogue;
};
