/**
 * Rewards toward a free subscription (spec part 2 §3 "Rewards", §4 "Reward progress", §7, §9):
 * the three figures the spec names, and the history the screen shows instead of the spec's
 * sample list, read from the rewards ledger.
 */
import { z } from 'zod';
import { transactionType } from './enums';
import { defineRoute } from './route';

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

export const REWARD_HISTORY_PAGE_SIZE = 20;
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

/** Spec part 2 §9 "Reward options (per month)", in its order; the first is the default target. */
export const rewardOptions = [
  { id: 'video-streaming', name: 'Video streaming', price: 15.99 },
  { id: 'music-streaming', name: 'Music streaming', price: 9.99 },
  { id: 'creative-software', name: 'Creative software', price: 52.99 },
  { id: 'retail-membership', name: 'Retail membership', price: 14.99 },
  { id: 'second-video-streaming', name: 'Second video streaming', price: 10.99 },
  { id: 'developer-tools-pro', name: 'Developer tools pro', price: 4 },
] as const;
export type RewardOption = (typeof rewardOptions)[number];
export type RewardOptionId = RewardOption['id'];
export const defaultRewardOption: RewardOption = rewardOptions[0];

/**
 * Spec part 2 §4: balance ÷ the target's price, capped at 100 %. A target without a price (never
 * one of the options) counts as reached only with a balance.
 */
export function rewardProgressPercent(balance: number, targetPrice: number): number {
  if (targetPrice <= 0) return balance > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (balance / targetPrice) * 100));
}

/** Spec part 2 §4: an option is disabled while the balance is lower than its price. */
export function isRewardOptionAffordable(balance: number, price: number): boolean {
  return balance >= price;
}

/** Screen texts of the rewards section (spec part 2 §4, §8). */
export const rewardMessages = {
  loadFailed: 'Failed to load rewards data. Please try again.',
  readyToClaim: 'Ready to claim!',
} as const;
