/**
 * What an annual plan saves (spec part 2 §9) and which subscriptions can convert to one. No zod:
 * the dashboard's first screen uses these without loading the schemas.
 */
import { findMerchant, type Merchant } from './merchants';

/** Annual-conversion savings (spec part 2 §9): 12 × monthly − annual, rounded; 0 without a plan. */
export function annualSavings(monthlyPrice: number, annualPlanCost: number | null): number {
  if (annualPlanCost === null || annualPlanCost <= 0) return 0;
  return Math.round(12 * monthlyPrice - annualPlanCost);
}

/** What the annual plan costs a month (spec part 2 §9): annual / 12. */
export function annualMonthlyEquivalent(annualPlanCost: number): number {
  return annualPlanCost / 12;
}

/**
 * The annual plan a subscription can convert to: its merchant sells one for less than 12 × the
 * person's monthly price. Undefined when there is none (no plan, or it saves nothing).
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
  return {
    merchant,
    annualPlanCost,
    savings: annualSavings(subscription.monthlyPrice, annualPlanCost),
  };
}
