/**
 * What an annual plan saves (docs/annual-plans.md, "What it saves") and which subscriptions can
 * convert to one. No zod: the dashboard's first screen uses these without loading the schemas.
 */
import { findMerchant, type Merchant } from './merchants';

/**
 * Annual-conversion savings (docs/annual-plans.md, "What it saves"): 12 × monthly − annual,
 * rounded; 0 without a plan.
 */
export function annualSavings(monthlyPrice: number, annualPlanCost: number | null): number {
  if (annualPlanCost === null || annualPlanCost <= 0) return 0;
  return Math.round(12 * monthlyPrice - annualPlanCost);
}

/** What the annual plan costs a month (docs/annual-plans.md, "What it saves"): annual / 12. */
export function annualMonthlyEquivalent(annualPlanCost: number): number {
  return annualPlanCost / 12;
}

/**
 * How far from the catalogue's typical price a monthly price may sit and still be believed
 * (docs/savings.md): a figure outside it (a typo, a hand-made file) makes no saving.
 */
export const PLAUSIBLE_PRICE_BAND = { low: 0.5, high: 2 } as const;

/**
 * The monthly prices Billow believes for a merchant: its typical price (or its annual plan's
 * monthly equivalent) within PLAUSIBLE_PRICE_BAND. Undefined when the catalogue knows neither.
 */
export function plausibleMonthlyBand(
  merchant: Pick<Merchant, 'typicalMonthlyPrice' | 'annualPlanPrice'>,
): { min: number; max: number } | undefined {
  const typical =
    merchant.typicalMonthlyPrice ??
    (merchant.annualPlanPrice ? merchant.annualPlanPrice / 12 : undefined);
  if (!typical || typical <= 0) return undefined;
  return { min: typical * PLAUSIBLE_PRICE_BAND.low, max: typical * PLAUSIBLE_PRICE_BAND.high };
}

/** Whether a monthly price sits in the merchant's plausible band. */
export function isPlausibleMonthlyPrice(
  merchant: Pick<Merchant, 'typicalMonthlyPrice' | 'annualPlanPrice'>,
  monthlyPrice: number,
): boolean {
  const band = plausibleMonthlyBand(merchant);
  return band !== undefined && monthlyPrice >= band.min && monthlyPrice <= band.max;
}

/**
 * The annual plan a subscription can convert to: its merchant sells one for less than 12 × the
 * person's monthly price, and that monthly price is plausible for the merchant. Undefined when
 * there is none (no plan, it saves nothing, or the price is not believable).
 */
export function annualPlanFor(subscription: {
  merchantName: string;
  merchantWebsite: string | null;
  status: string;
  /** Dollars a month. */
  monthlyPrice: number;
}): { merchant: Merchant; annualPlanCost: number; savings: number } | undefined {
  if (subscription.status !== 'ACTIVE') return undefined;
  const merchant = findMerchant(subscription);
  const annualPlanCost = merchant?.annualPlanPrice;
  if (!merchant || !annualPlanCost || annualPlanCost >= 12 * subscription.monthlyPrice)
    return undefined;
  if (!isPlausibleMonthlyPrice(merchant, subscription.monthlyPrice)) return undefined;
  return {
    merchant,
    annualPlanCost,
    savings: annualSavings(subscription.monthlyPrice, annualPlanCost),
  };
}
