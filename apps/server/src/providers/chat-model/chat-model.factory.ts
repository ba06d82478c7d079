/** Picks the assistant's model the configuration names. */
import type { ChatConfig } from './chat.config';
import type { ChatModel } from './chat-model';
import { createDemoChatModel } from './chat-model.demo';
import { createOpenAiChatModel } from './chat-model.openai';

export function createChatModel(config: ChatConfig): ChatModel {
  return config.provider === 'openai' ? createOpenAiChatModel(config) : createDemoChatModel();
}
