/**
 * Rewards toward a free subscription (spec part 2 §3 "Rewards", §4 "Reward progress", §7, §9):
 * the three figures the spec names, and the history the screen shows instead of the spec's
 * sample list, read from the rewards ledger.
 */
import { z } from 'zod';
import { transactionType } from './enums';
import { defineRoute } from './route';
import { REWARD_HISTORY_PAGE_SIZE } from './reward-options';

/** Spec part 2 §3 "Transaction (account history)"; amounts in dollars, negative when spent. */
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

/** Spec part 2 §3 "Rewards view data": the next reward's name and amount (dollars). */
export const nextReward = z.object({ name: z.string(), amount: z.number() });
export type NextReward = z.infer<typeof nextReward>;

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
} as const;
