/**
 * What the generator is told about a persona's money: recurring streams (salary, rent,
 * subscriptions, bills, transfers) and irregular spending (groceries, coffee, fuel…). Catalogue
 * files build these; personas pick and price them; generate-history turns them into transactions.
 */
import type { AccountKey, CategoryHint } from './types';
import type { Rng } from './prng';
import type { Cadence, Posting } from './schedule';

/** What a descriptor may draw on. `digits` gives the same digits every time for a label. */
export type DescriptorContext = {
  rng: Rng;
  day: number;
  city: string;
  state: string;
  masks: Record<AccountKey, string>;
  digits(label: string, count: number): string;
};

export type Descriptor = string | ((ctx: DescriptorContext) => string);

export type OccurrenceContext = {
  rng: Rng;
  /** The scheduled day (a day number). */
  day: number;
  /** Whole months since the story started (negative before it): where price changes hang. */
  storyMonth: number;
};

export type StreamSpec = {
  /** Unique within a persona: the recurring_stream label and part of every id. */
  stream: string;
  account: AccountKey;
  category: CategoryHint;
  cadence: Cadence;
  posting: Posting;
  descriptor: Descriptor;
  merchantName: string | null;
  /** Dollars in Plaid's sign (out > 0); null skips the occurrence (a skipped meal-kit week). */
  amount: (ctx: OccurrenceContext) => number | null;
  /** Begins this many months into the story; with `trialDays` the first charge waits out a trial. */
  starts?: { month: number; trialDays?: number };
  /** Cancelled: nothing is charged from this many months into the story. */
  endsAtMonth?: number;
  /** The charge of this story month is returned a couple of days later, then retried. */
  failsAtMonth?: number;
  /** A transfer between the person's own accounts: the mirror entry lands here. */
  counterpart?: { account: AccountKey; descriptor: Descriptor };
};

export type SpendMerchant = {
  weight: number;
  merchantName: string | null;
  /** A dollar range (draws lean to the low end, as real baskets do) or a rule of its own. */
  amount: readonly [number, number] | ((rng: Rng) => number);
  descriptor: Descriptor;
};

export type SpendingSpec = {
  /** Unique within a persona: part of every id. */
  kind: string;
  category: CategoryHint;
  /** Expected purchases a day, before weekday weights. */
  perDay: number;
  /** Multipliers Sunday … Saturday (brunch on Sunday, groceries on the weekend). */
  weekdayWeights?: readonly number[];
  /** Chance a purchase is on the debit card (checking) rather than the credit card. */
  debitShare: number;
  /** Money in (freelance clients, a parent's Zelle): lands on checking by ACH. */
  isIncome?: boolean;
  /** Chance a purchase is refunded one to three weeks later. */
  refundChance?: number;
  merchants: readonly SpendMerchant[];
};

export function renderDescriptor(descriptor: Descriptor, ctx: DescriptorContext): string {
  return typeof descriptor === 'string' ? descriptor : descriptor(ctx);
}
