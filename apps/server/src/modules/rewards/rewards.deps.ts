/** What the rewards service is given: its repo, the reward rates and the other modules' functions. */
import type { Subscription } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { RewardsRepo } from './rewards.repo';

export type RewardSourceEvent = {
  userId: string;
  source: 'annual_plan' | 'negotiation';
  /** The payment's or the negotiation's id: one reward per event, however often it is sent. */
  sourceId: string;
  subscriptionId: string | null;
  /** What the reward is a share of: the amount paid, or the first year's negotiated savings. */
  baseAmountCents: number;
};

type RewardRates = {
  /** Percent of an annual plan Billow paid. */
  annualPlanRatePercent: number;
  /** Percent of a negotiation's first-year savings. */
  negotiationRatePercent: number;
};

/** The bill a reward goes toward: one of the person's subscriptions, and its next due date. */
export type RewardTarget = {
  subscriptionId: string;
  name: string;
  amountCents: number;
  billDate: string;
};

export type RewardsServiceDeps = {
  repo: RewardsRepo;
  rates: RewardRates;
  /** The person's subscriptions, read by the module that owns them. */
  subscriptionsOf: (userId: string) => Promise<Subscription[]>;
  /** Lowers the bill a reward went toward, in the transaction that records it. */
  onApplied?: (target: RewardTarget, tx: Db) => Promise<void>;
  /** Takes a returned application off the bill it lowered, in the same transaction. */
  onReturned?: (bill: { subscriptionId: string; billDate: string }, tx: Db) => Promise<void>;
  clock?: () => Date;
};

/** A rewards path's view of the service: its deps, its clock and today's date (UTC) by it. */
export type RewardsContext = RewardsServiceDeps & { now: () => Date; today: () => string };
