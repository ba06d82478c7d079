/** The assistant chat: a WebSocket route answering from the person's own data through the model. */
import type { ChatModel, FinanceReader } from '../../providers/chat-model/chat-model';
import type { FeatureModule } from '../feature-module';
import type { Db } from '../../db/database';
import { createDbMessagePace } from './chat.pace';
import { registerChatRoutes } from './chat.routes';

export function createChatModule(deps: {
  db: Db;
  model: ChatModel;
  financesOf: (userId: string) => FinanceReader;
  messagesPerMinute: number;
  onSessionsChanged?: (listener: () => void) => void;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const pace = createDbMessagePace(deps.db, deps.messagesPerMinute, clock);
  return {
    routes: (app) =>
      registerChatRoutes(app, {
        model: deps.model,
        financesOf: deps.financesOf,
        pace,
        clock,
        ...(deps.onSessionsChanged ? { onSessionsChanged: deps.onSessionsChanged } : {}),
      }),
  } satisfies FeatureModule;
}
