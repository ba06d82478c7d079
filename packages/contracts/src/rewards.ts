/**
 * Rewards toward a free subscription (docs/rewards.md): the
 * balance, the lifetime accrued total and the next reward, and the history, read from the rewards
 * ledger.
 */
import { z } from 'zod';
import { rewardType, transactionType } from './enums';
import { rewardClaimProblemCode } from './problem-codes';
import { defineRoute } from './route';
import { REWARD_HISTORY_PAGE_SIZE, rewardOptions } from './reward-options';

/**
 * A merchant's reward: what a merchant gives back (of one of the six reward types) and how much
 * of it has accrued. Like card info, no route carries one yet; Billow's own rewards are the
 * ledger below.
 */
export const merchantReward = z.object({
  merchant_name: z.string(),
  merchant_display_name: z.string(),
  merchant_website_url: z.string(),
  reward_amount: z.number(),
  type: rewardType,
  accrued_reward_value: z.number(),
});
export type MerchantReward = z.infer<typeof merchantReward>;

/** One entry of the rewards history (docs/rewards.md); amounts in dollars, negative when spent. */
export const rewardTransaction = z.object({
  id: z.string(),
  service: z.string(),
  amount: z.number(),
  /** ISO date (YYYY-MM-DD) of the event that made the entry. */
  date: z.string(),
  type: transactionType,
  merchant_website_url: z.string().nullable(),
  description: z.string(),
  merchant_id: z.number().int().positive().nullable(),
  /** The bill a claimed reward went toward (its date), on the claim and on its return. */
  bill_date: z.string().nullable(),
  /** A claim that can still be put back: its bill has not been charged and it is not back yet. */
  is_returnable: z.boolean(),
});
export type RewardTransaction = z.infer<typeof rewardTransaction>;

export const REWARD_HISTORY_MAX_PAGE_SIZE = 50;

export const rewardHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(REWARD_HISTORY_MAX_PAGE_SIZE)
    .default(REWARD_HISTORY_PAGE_SIZE),
});

export const rewardHistory = z.object({
  transactions: z.array(rewardTransaction),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type RewardHistory = z.infer<typeof rewardHistory>;

/** The next reward's name and amount (dollars; docs/rewards.md). */
export const nextReward = z.object({ name: z.string(), amount: z.number() });
export type NextReward = z.infer<typeof nextReward>;

/** The bill a claim would go toward now: the subscription's next bill, due within the month. */
export const rewardBill = z.object({
  subscription_id: z.string(),
  date: z.string(),
  /** The bill's own price; a claim takes at most this off it. */
  amount: z.number(),
  /** The person put a claim toward this bill back: auto-apply leaves this bill to them. */
  was_put_back: z.boolean(),
});
export type RewardBill = z.infer<typeof rewardBill>;

/**
 * One of the six reward options as this person sees it (docs/savings.md, "Rewards: one rule"):
 * named after the person's own bill of its kind when they have one (Netflix for video streaming),
 * with the option's price, and the bill a claim would go toward now (null when there is none).
 */
export const rewardChoice = z.object({
  id: z.enum(rewardOptions.map((o) => o.id) as [RewardOptionIdOf, ...RewardOptionIdOf[]]),
  name: z.string(),
  /** The option's own name ("Video streaming"). */
  kind: z.string(),
  price: z.number(),
  bill: rewardBill.nullable(),
});
export type RewardChoice = z.infer<typeof rewardChoice>;
type RewardOptionIdOf = (typeof rewardOptions)[number]['id'];

export const rewardRoutes = {
  balance: defineRoute({ method: 'GET', path: '/api/rewards/balance', response: z.number() }),
  lifetimeAccrued: defineRoute({
    method: 'GET',
    path: '/api/rewards/lifetime-accrued',
    response: z.number(),
  }),
  nextReward: defineRoute({
    method: 'GET',
    path: '/api/rewards/next-reward',
    response: nextReward,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/rewards/history',
    query: rewardHistoryQuery,
    response: rewardHistory,
  }),
  /** The six reward options, named after the person's bills, each with the bill it would pay. */
  choices: defineRoute({
    method: 'GET',
    path: '/api/rewards/choices',
    response: z.array(rewardChoice),
  }),
  /**
   * Claims a reward: its price (at most the bill's) comes off the balance and off that bill's
   * next charge. Refused when the balance does not cover it or it has no bill to go toward.
   */
  claim: defineRoute({
    method: 'POST',
    path: '/api/rewards/claim',
    tokenScope: 'payments',
    body: z.object({ option_id: rewardChoice.shape.id }),
    response: rewardTransaction,
    problemCodes: rewardClaimProblemCode,
  }),
  /** Puts a claim back in the balance, while its bill has not been charged. */
  returnClaim: defineRoute({
    method: 'POST',
    path: '/api/rewards/return',
    tokenScope: 'payments',
    body: z.object({ transaction_id: z.string().uuid() }),
    response: rewardTransaction,
    problemCodes: rewardClaimProblemCode,
  }),
} as const;
