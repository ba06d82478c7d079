/** Picks the assistant's model the configuration names; OpenAI's SDK is loaded only for it. */
import type { ChatConfig } from './chat.config';
import type { ChatModel } from './chat-model';
import { createDemoChatModel } from './chat-model.demo';

export async function createChatModel(config: ChatConfig): Promise<ChatModel> {
  if (config.provider !== 'openai') return createDemoChatModel();
  const { createOpenAiChatModel } = await import('./chat-model.openai');
  return createOpenAiChatModel(config);
}
