/** Subscriptions and bills (spec part 2 §3 "Subscription", §7 subscription calls). */
import { subscriptionProblemCode } from './problem-codes';
import { z } from 'zod';
import { cadence, subscriptionCategory, subscriptionStatus } from './enums';
import { defineRoute } from './route';

export const subscription = z.object({
  id: z.string(),
  merchant_name: z.string(),
  merchant_website_url: z.string().nullable().optional(),
  amount: z.number(),
  currency: z.string().default('USD'),
  status: subscriptionStatus,
  cadence: cadence,
  renewal_date: z.string().nullable(),
  payment_method: z.string().nullable(),
  cancel_date: z.string().nullable(),
  is_billow_managed: z.boolean(),
  user_marked_not_subscription: z.boolean(),
  category: subscriptionCategory,
  days_until_due: z.number().int().nullable(),
  normalized_monthly_amount: z.number(),
  is_atomic_manage_eligible: z.boolean().default(false),
  /** Why Billow thinks this is a subscription, in words a person can read. */
  evidence: z.array(z.string()),
  is_price_increase: z.boolean(),
  previous_amount: z.number().nullable(),
  confidence: z.number().min(0).max(1),
  /**
   * Rewards applied toward the next bill (dollars, 0 when none): Billow covers that much of it,
   * so the person is charged `amount − reward_credit`.
   */
  reward_credit: z.number().min(0),
});
export type Subscription = z.infer<typeof subscription>;

export const subscriptionTransaction = z.object({
  subscription_id: z.string(),
  transaction_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  date: z.string(),
  description: z.string(),
  merchant_name: z.string(),
});
export type SubscriptionTransaction = z.infer<typeof subscriptionTransaction>;

const subscriptionIdBody = z.object({ subscriptionId: z.string().uuid() });

export const subscriptionRoutes = {
  listAll: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/list-all',
    response: z.array(subscription),
  }),
  transactionDetails: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/transaction-details',
    body: subscriptionIdBody,
    response: z.object({ transaction_details: z.array(subscriptionTransaction) }),
    problemCodes: subscriptionProblemCode,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/delete',
    body: subscriptionIdBody,
    response: z.object({ success: z.literal(true) }),
    problemCodes: subscriptionProblemCode,
  }),
} as const;

export const savingsRoutes = {
  lifetime: defineRoute({
    method: 'GET',
    path: '/api/savings/lifetime',
    response: z.object({ lifetime_savings: z.number() }),
  }),
} as const;
