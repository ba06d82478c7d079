/**
 * The assistant's model, as the chat sees it: given the conversation so far and a reader of the
 * signed-in person's own finances, it streams an answer piece by piece. Adapters: the offline
 * demo (answers the common questions from the data itself) and an OpenAI-compatible one.
 */
import type {
  Cancellation,
  NegotiationOffer,
  Subscription,
  SubscriptionTransaction,
} from '@billow/contracts';

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

/** One person's data, already scoped to them: the model never names a user. */
export type FinanceReader = {
  /** Today where the person is, in their profile's time zone (YYYY-MM-DD). */
  today(): Promise<string>;
  subscriptions(): Promise<Subscription[]>;
  /** The charges behind one of the person's subscriptions, newest first. */
  charges(subscriptionId: string): Promise<SubscriptionTransaction[]>;
  rewardsBalance(): Promise<number>;
  /** Billow's negotiations for the person, as the negotiations section shows them. */
  negotiations(): Promise<NegotiationOffer[]>;
  /** The person's cancellations, newest first, as the cancel sheet shows them. */
  cancellations(): Promise<Cancellation[]>;
};

export type ChatModel = {
  /** Named in the 'Powered by' footer. */
  provider: string;
  model: string;
  isDemoMode: boolean;
  /** Streams the answer to the last user turn; stops early when the signal aborts. */
  reply(input: {
    history: readonly ChatTurn[];
    finances: FinanceReader;
    signal: AbortSignal;
  }): AsyncIterable<string>;
};
