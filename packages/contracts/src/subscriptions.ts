/** Subscriptions and bills (docs/subscriptions.md): the shapes and the calls. */
import { addMissedSubscriptionProblemCode, subscriptionProblemCode } from './problem-codes';
import { z } from 'zod';
import { cadence, subscriptionCategory, subscriptionStatus } from './enums';
import { defineRoute } from './route';
import { text } from './text';

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
  /**
   * The person added it by hand from one of their transactions, where detection had missed it:
   * detection keeps it, and attaches the merchant's later charges to it.
   */
  is_user_added: z.boolean(),
});
export type Subscription = z.infer<typeof subscription>;

/** How many transactions a page of missed-subscription candidates holds. */
export const MISSED_CANDIDATES_PAGE_SIZE = 20;
/** The longest name a person can give a subscription they add. */
export const SUBSCRIPTION_NAME_MAX_LENGTH = 80;

/** The cadences a person can choose for a subscription they add (every one but UNKNOWN). */
export const addableCadence = cadence.exclude(['UNKNOWN']);
export type AddableCadence = z.infer<typeof addableCadence>;

/** A money-out transaction no subscription holds: one a person may add as a missed one. */
export const missedCandidate = z.object({
  transaction_id: z.string(),
  /** The day it was charged (the authorised date, else the posted one). */
  date: z.string(),
  description: z.string(),
  /** Billow's reading of the merchant, the name it suggests for the subscription. */
  merchant_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** The account it was paid from, as "Bank •••• 1234". */
  account: z.string().nullable(),
});
export type MissedCandidate = z.infer<typeof missedCandidate>;

export const missedCandidatesQuery = z.object({
  /** Words to find in the description or the merchant name. */
  q: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const addMissedSubscriptionBody = z.object({
  transactionId: z.string().uuid(),
  name: text().trim().min(1).max(SUBSCRIPTION_NAME_MAX_LENGTH),
  cadence: addableCadence,
});
export type AddMissedSubscriptionBody = z.infer<typeof addMissedSubscriptionBody>;

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
  /** Money-out transactions no subscription holds, newest first, a page at a time. */
  missedCandidates: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/missed-candidates',
    query: missedCandidatesQuery,
    response: z.object({
      transactions: z.array(missedCandidate),
      page: z.number().int(),
      has_more: z.boolean(),
    }),
  }),
  /**
   * Adds a subscription detection missed, from one of the person's transactions: first seen on
   * that charge, its amount, the next date one cadence on.
   */
  addMissed: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/add-missed',
    body: addMissedSubscriptionBody,
    response: subscription,
    problemCodes: addMissedSubscriptionProblemCode,
  }),
} as const;

export const savingsRoutes = {
  lifetime: defineRoute({
    method: 'GET',
    path: '/api/savings/lifetime',
    /**
     * lifetime_savings: what the bank has shown Billow saved; promised_savings: negotiated
     * savings not yet seen in a charge (shown apart, never as saved).
     */
    response: z.object({ lifetime_savings: z.number(), promised_savings: z.number() }),
  }),
} as const;
