/**
 * Where the money goes: what a person's subscriptions and bills cost month by month,
 * by category, and which of them went up in price. Both are read from the charges Billow already
 * matched to each subscription, so they agree with the bills card and the detail popup.
 */
import { z } from 'zod';
import { cadence, subscriptionCategory } from './enums';
import { defineRoute } from './route';

/** How many months of history the spending chart covers (the linked history is two years). */
export const SPENDING_HISTORY_MONTHS = 24;
/** A price change older than this many months is old news, not an increase to act on. */
export const PRICE_INCREASE_LOOKBACK_MONTHS = 12;

export const monthlySpend = z.object({
  /** The calendar month, YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  total: z.number(),
  /** Only the categories charged that month, largest first. */
  categories: z.array(z.object({ category: subscriptionCategory, amount: z.number() })),
});
export type MonthlySpend = z.infer<typeof monthlySpend>;

export const priceIncrease = z.object({
  subscription_id: z.string(),
  merchant_name: z.string(),
  /** For the merchant's logo. */
  merchant_website_url: z.string().nullable(),
  cadence,
  previous_amount: z.number(),
  amount: z.number(),
  /** The first charge at the new price, YYYY-MM-DD. */
  changed_on: z.string(),
  /** What the new price costs more over a year of charges at this cadence. */
  increase_per_year: z.number(),
  /** Billow can call this merchant to negotiate the bill down. */
  is_negotiable: z.boolean(),
});
export type PriceIncrease = z.infer<typeof priceIncrease>;

export const insightRoutes = {
  /** Month by month, the oldest first, through the current month (months with nothing are 0). */
  spendingHistory: defineRoute({
    method: 'GET',
    path: '/api/insights/spending-history',
    response: z.object({ months: z.array(monthlySpend) }),
  }),
  /** The subscriptions whose price went up in the last 12 months, the costliest rise first. */
  priceIncreases: defineRoute({
    method: 'GET',
    path: '/api/insights/price-increases',
    response: z.array(priceIncrease),
  }),
} as const;
