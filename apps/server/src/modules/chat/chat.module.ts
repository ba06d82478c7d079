/** The assistant chat: a WebSocket route answering from the person's own data through the model. */
import {
  centsToDollars,
  type Cancellation,
  type NegotiationOffer,
  type Subscription,
  type SubscriptionTransaction,
} from '@billow/contracts';
import type { ChatModel, FinanceReader } from '../../providers/chat-model/chat-model';
import type { FeatureModule } from '../feature-module';
import type { Db } from '../../db/database';
import { SESSION_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import { createDbMessagePace } from './chat.pace';
import { registerChatRoutes } from './chat.routes';

export function createChatModule(deps: {
  db: Db;
  model: ChatModel;
  /** The person's own data, each read scoped to them by the module that owns it. */
  bills: {
    todayOf(userId: string): Promise<string>;
    list(userId: string): Promise<Subscription[]>;
    transactionDetails(
      userId: string,
      subscriptionId: string,
    ): Promise<{ transaction_details: SubscriptionTransaction[] }>;
  };
  owners: {
    rewards: { balanceCents(userId: string): Promise<number> };
    negotiations: { offersOf(userId: string): Promise<NegotiationOffer[]> };
    cancellations: { list(userId: string): Promise<Cancellation[]> };
  };
  messagesPerMinute: number;
  /** Where session changes are announced (a signed-out session's sockets close). */
  changes?: ChangeFeed;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const { changes } = deps;
  const pace = createDbMessagePace(deps.db, deps.messagesPerMinute, clock);
  const { rewards, negotiations, cancellations } = deps.owners;
  const subscriptions = deps.bills;
  const financesOf = (userId: string): FinanceReader => ({
    today: () => subscriptions.todayOf(userId),
    subscriptions: () => subscriptions.list(userId),
    charges: async (id) => (await subscriptions.transactionDetails(userId, id)).transaction_details,
    rewardsBalance: async () => centsToDollars(await rewards.balanceCents(userId)),
    negotiations: () => negotiations.offersOf(userId),
    cancellations: () => cancellations.list(userId),
  });
  return {
    routes: (app) =>
      registerChatRoutes(app, {
        model: deps.model,
        financesOf,
        pace,
        clock,
        ...(changes
          ? {
              onSessionsChanged: (listener: () => void) => {
                changes.on(SESSION_CHANNEL, listener);
                // After a reconnect notices may have been missed: check every socket.
                changes.onReset(listener);
              },
            }
          : {}),
      }),
  } satisfies FeatureModule;
}
