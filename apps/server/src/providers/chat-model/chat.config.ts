/** The assistant's settings: the offline demo model (default), and the pace a person may send at. */
import { z } from 'zod';
import { defineProviderKind } from '../provider-kind';

export type ChatConfig = { provider: 'demo'; messagesPerMinute: number };

export const chatProviderKind = defineProviderKind({
  env: {
    CHAT_PROVIDER: z.enum(['demo']).default('demo'),
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(20),
  },
  read: (e): ChatConfig => ({
    provider: e.CHAT_PROVIDER,
    messagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
  }),
  // The demo model reads only the person's own data and says it is a demo: fine anywhere.
  sandboxRefusal: () => undefined,
});
