/**
 * The assistant chat over WebSocket (docs/chat.md, "The chat screen", "The connection"). Not an
 * HTTP route: the frames each way are one discriminated union, parsed on both ends.
 */
import { z } from 'zod';
import { text } from './text';

export const CHAT_PATH = '/ws/chat';
/** The sub-protocol that names the scheme; the token follows it as the second sub-protocol. */
export const CHAT_BEARER_PROTOCOL = 'bearer';
export const CHAT_MESSAGE_MAX_LENGTH = 1000;

/**
 * Why the server closed a chat socket: the session behind its token ended (signed out, revoked,
 * expired; the web refreshes once, else ends the session as any 401 does), or the person has
 * `CHAT_MAX_SOCKETS_PER_PERSON` open already.
 */
export const CHAT_CLOSE_CODES = { sessionEnded: 4401, tooManySockets: 4429 } as const;
export const CHAT_MAX_SOCKETS_PER_PERSON = 5;

export const CHAT_LIMITS = {
  reconnectAttempts: 10,
  reconnectIntervalMs: 3000,
  /** Over this many messages the list is cut… */
  maxMessages: 120,
  /** …to the last this many, with the welcome message kept in front. */
  keptMessages: 100,
} as const;

export const chatMessages = {
  empty: 'Message content cannot be empty',
  tooLong: 'Message too long',
  connectionLost: 'Connection lost. Attempting to reconnect...',
  connectionError: 'Connection error occurred. Please check your internet connection.',
  unableToConnect: 'Unable to connect to chat server. Please refresh the page.',
  interrupted: '[Connection interrupted]',
  signedOut: 'Please log in to access the chat feature.',
  reconnecting: 'Reconnecting...',
  /** Billow's own: the per-person pace the server keeps. */
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  /** Billow's own: a frame that is not `{content}`. */
  badFrame: 'Message could not be read',
  /** Billow's own: the model failed part-way. */
  assistantFailed: 'The assistant could not answer. Please try again.',
  placeholder: 'Ask about your finances...',
  demoPlaceholder: 'Type a demo message...',
  streamingPlaceholder: 'Assistant is responding...',
} as const;

/** What the client sends: the text, trimmed, 1 to 1000 characters. */
export const chatClientFrame = z.object({
  content: text()
    .trim()
    .min(1, chatMessages.empty)
    .max(CHAT_MESSAGE_MAX_LENGTH, chatMessages.tooLong),
});
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

export const chatServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), isDemoMode: z.boolean(), content: z.string() }),
  z.object({ type: z.literal('chat_llm_chunk'), content: z.string() }),
  z.object({
    type: z.literal('chat_llm_complete'),
    timestamp: z.string(),
    userId: z.string(),
    isDemoMode: z.boolean(),
    provider: z.string(),
    model: z.string(),
  }),
  z.object({
    type: z.literal('error'),
    content: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;
