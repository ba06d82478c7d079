/**
 * The rewards a person can aim for and how far along they are (docs/rewards.md,
 * "Progress and options"). No zod: the dashboard's first screen uses these without loading the
 * schemas.
 */

export const REWARD_HISTORY_PAGE_SIZE = 20;

import type { SubscriptionCategory } from './enums';

/**
 * The six reward options with their monthly prices, in order; the first is the default target.
 * `categories` are the kinds of the person's bills an option is named after and claimed on
 * (docs/savings.md, "Rewards: one rule").
 */
export const rewardOptions = [
  { id: 'video-streaming', name: 'Video streaming', price: 15.99, categories: ['streaming'] },
  { id: 'music-streaming', name: 'Music streaming', price: 9.99, categories: ['music'] },
  {
    id: 'creative-software',
    name: 'Creative software',
    price: 52.99,
    categories: ['software', 'creators', 'digital_services'],
  },
  {
    id: 'retail-membership',
    name: 'Retail membership',
    price: 14.99,
    categories: ['shopping_membership', 'shopping'],
  },
  {
    id: 'second-video-streaming',
    name: 'Second video streaming',
    price: 10.99,
    categories: ['streaming'],
  },
  {
    id: 'developer-tools-pro',
    name: 'Developer tools pro',
    price: 4,
    categories: ['software', 'digital_services'],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  price: number;
  categories: readonly SubscriptionCategory[];
}[];
export type RewardOption = (typeof rewardOptions)[number];
export type RewardOptionId = RewardOption['id'];
export const defaultRewardOption: RewardOption = rewardOptions[0];

/**
 * Progress (docs/rewards.md, "Progress and options"): balance ÷ the target's price, capped at 100
 * %. A target without a price (never one of the options) counts as reached only with a balance.
 */
export function rewardProgressPercent(balance: number, targetPrice: number): number {
  if (targetPrice <= 0) return balance > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (balance / targetPrice) * 100));
}

/** An option is disabled while the balance is lower than its price. */
export function isRewardOptionAffordable(balance: number, price: number): boolean {
  return balance >= price;
}

/** Screen texts of the rewards section (docs/rewards.md). */
export const rewardMessages = {
  loadFailed: 'Failed to load rewards data. Please try again.',
  readyToClaim: 'Ready to claim!',
  /** A claim refused: the balance does not cover the reward (another tab spent it). */
  notCovered: 'Your balance does not cover this reward yet.',
  /** A claim refused: no bill of the person's to put it toward now. */
  noBill: 'There is no bill to put this reward toward right now.',
  /** Putting a claim back refused: its bill was charged, or it is back already. */
  notReturnable: 'This reward can no longer be put back: its bill has been charged.',
} as const;
