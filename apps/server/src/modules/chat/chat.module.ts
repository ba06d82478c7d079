/** The assistant chat: a WebSocket route answering from the person's own data through the model. */
import type { ChatModel, FinanceReader } from '../../providers/chat-model/chat-model';
import type { FeatureModule } from '../feature-module';
import { createMessagePace } from './chat.conversation';
import { registerChatRoutes } from './chat.routes';

export function createChatModule(deps: {
  model: ChatModel;
  financesOf: (userId: string) => FinanceReader;
  messagesPerMinute: number;
  onSessionsChanged?: (listener: () => void) => void;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const pace = createMessagePace(deps.messagesPerMinute, () => clock().getTime());
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
