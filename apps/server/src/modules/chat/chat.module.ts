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
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { SESSION_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import { createDbMessagePace } from './chat.pace';
import { registerChatRoutes } from './chat.routes';

export function createChatModule(deps: {
  db: Db;
  chatModel: ChatModel;
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
    rewards: { service: { balanceCents(userId: string): Promise<number> } };
    negotiations: { service: { offersOf(userId: string): Promise<NegotiationOffer[]> } };
    cancellations: { service: { list(userId: string): Promise<Cancellation[]> } };
  };
  /** How many messages a person may send a minute. */
  config: { chat: Pick<Config['chat'], 'messagesPerMinute'> };
  /** Where session changes are announced (a signed-out session's sockets close). */
  changes?: ChangeFeed;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const { changes } = deps;
  const pace = createDbMessagePace(deps.db, deps.config.chat.messagesPerMinute, clock);
  const { rewards, negotiations, cancellations } = deps.owners;
  const subscriptions = deps.bills;
  const financesOf = (userId: string): FinanceReader => ({
    today: () => subscriptions.todayOf(userId),
    subscriptions: () => subscriptions.list(userId),
    charges: async (id) => (await subscriptions.transactionDetails(userId, id)).transaction_details,
    rewardsBalance: async () => centsToDollars(await rewards.service.balanceCents(userId)),
    negotiations: () => negotiations.service.offersOf(userId),
    cancellations: () => cancellations.service.list(userId),
  });
  return {
    routes: (app) =>
      registerChatRoutes(app, {
        model: deps.chatModel,
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
