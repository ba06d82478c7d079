import { findMerchant, type InstantSavingsItem } from '@billow/contracts';
import type { PaymentsContext } from './payment-steps';

/**
 * GET /api/subscriptions/instant-savings: at most 3, biggest saving first (docs/dashboard.md,
 * "Instant savings").
 */
export async function instantSavings(
  ctx: PaymentsContext,
  userId: string,
): Promise<InstantSavingsItem[]> {
  const { repo, bills, planFrom } = ctx;
  // A card kept after its debit came back is still the person's: its screen says what is owed.
  const [holdingCard, candidates] = await Promise.all([
    repo.billsHoldingCardOf(userId),
    bills.annualPlanBillsOf(userId),
  ]);
  // Each bill comes with its latest bank charge, so no query is made per bill.
  const withPlan = candidates.filter((subscription) => findMerchant(subscription)?.annualPlanPrice);
  const plans = withPlan.map((bill) => planFrom(bill));
  const offers = [];
  for (const [index, subscription] of withPlan.entries()) {
    const plan = plans[index];
    if (!plan) continue;
    offers.push({
      savings: plan.savings,
      item: {
        subscription_id: subscription.id,
        service_name: subscription.merchantName,
        merchant_website_url: subscription.merchantWebsite ?? plan.merchant.website,
        // What the bank charges a month: the price the saving is worked out from.
        current_price: plan.monthlyPrice,
        annual_plan_cost: plan.annualPlanCost,
        annual_conversion_external_link: plan.merchant.annualPlanLink ?? null,
        has_assigned_gift_card: holdingCard.has(subscription.id),
      },
    });
  }
  return offers
    .sort((a, b) => b.savings - a.savings)
    .slice(0, 3)
    .map(({ item }) => item);
}
