/**
 * The two-year story every persona tells, and the shape of a persona. Milestones are counted in
 * months from the story start (HistoryOptions.storyStart), never from a window's edges, so that
 * every window of the same Item agrees on when a price went up or a subscription was cancelled.
 */
import type { SpendingSpec, StreamSpec } from './streams';
import type { PersonaId } from './types';

/** Story milestones, in months after the story start (see HistoryOptions.storyStart). */
export const STORY = {
  trialStartsAtMonth: 8,
  failedPaymentAtMonth: 10,
  priceChangeAtMonth: 12,
  cancellationAtMonth: 19,
  /** How long the story is: the window a history is usually asked for. */
  lengthInMonths: 24,
} as const;

export type AccountProfile = { name: string; official_name: string };

export type PersonaDefinition = {
  id: PersonaId;
  description: string;
  /** Where the person lives, as store descriptors print it. */
  city: string;
  state: string;
  checking: AccountProfile & { opening: [number, number] };
  savings: AccountProfile & { opening: [number, number] };
  credit: AccountProfile & { limit: number };
  streams: StreamSpec[];
  spending: SpendingSpec[];
};
