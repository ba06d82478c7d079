/**
 * The assistant's settings: the offline demo model (default) or an OpenAI-compatible server, and
 * the pace a person may send at.
 */
import { z } from 'zod';
import { defineProviderKind, requiredWhen } from '../provider-kind';
import type { OpenAiChatConfig } from './chat-model.openai';

export type ChatConfig = { messagesPerMinute: number } & (
  { provider: 'demo' } | ({ provider: 'openai' } & OpenAiChatConfig)
);

export const chatProviderKind = defineProviderKind({
  env: {
    CHAT_PROVIDER: z.enum(['demo', 'openai']).default('demo'),
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(20),
    OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
    OPENAI_API_KEY: z.string().min(1).optional(),
    CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  },
  read(e): ChatConfig | { problems: string[] } {
    const messagesPerMinute = e.CHAT_MESSAGES_PER_MINUTE;
    if (e.CHAT_PROVIDER === 'demo') return { provider: 'demo', messagesPerMinute };
    if (!e.OPENAI_API_KEY) {
      return { problems: [requiredWhen('OPENAI_API_KEY', 'CHAT_PROVIDER=openai')] };
    }
    return {
      provider: 'openai',
      messagesPerMinute,
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.CHAT_MODEL,
    };
  },
  // The demo model reads only the person's own data and says it is a demo: fine anywhere.
  sandboxRefusal: () => undefined,
});
