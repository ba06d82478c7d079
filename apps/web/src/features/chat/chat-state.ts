/**
 * The chat screen's state (docs/chat.md, "The chat screen", "The connection"): the messages, the
 * answer being streamed, and the connection. Pure, so every transition is tested without a socket.
 */
import { CHAT_LIMITS, chatMessages, type ChatServerFrame } from '@billow/contracts';

export type ConnectionState = 'connecting' | 'open' | 'closing' | 'closed';

export type ChatEntry = {
  id: string;
  kind: 'user' | 'welcome' | 'assistant' | 'error';
  content: string;
  timestamp: string;
};

export type ChatState = {
  connection: ConnectionState;
  isDemoMode: boolean;
  messages: ChatEntry[];
  /** The answer so far while one streams (empty while waiting for its first chunk), else null. */
  streaming: string | null;
  /** Reconnect attempts made in the current outage (0 when connected). */
  reconnectAttempts: number;
  /** True from a lost connection until the next open, while attempts remain. */
  isReconnecting: boolean;
  /**
   * After the quick attempts (`CHAT_LIMITS`) ran out ('Unable to connect…'), Billow still tries now
   * and then (SLOW_RETRY_DELAYS_MS) so the chat comes back by itself; this counts those tries.
   */
  slowRetries: number | null;
  poweredBy: { provider: string; model: string } | null;
};

export const initialChatState: ChatState = {
  connection: 'connecting',
  isDemoMode: false,
  messages: [],
  streaming: null,
  reconnectAttempts: 0,
  isReconnecting: false,
  slowRetries: null,
  poweredBy: null,
};

/** Waits between the tries after giving up: 5 s, 10 s, 20 s, then every 30 s. */
const SLOW_RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 30_000] as const;
export const slowRetryDelay = (tries: number) =>
  SLOW_RETRY_DELAYS_MS[Math.min(tries, SLOW_RETRY_DELAYS_MS.length - 1)]!;

export type ChatEvent =
  | { type: 'connecting' }
  /** The next reconnect attempt starts. */
  | { type: 'retrying' }
  /** A try after giving up starts. */
  | { type: 'retrying-slowly' }
  | { type: 'opened' }
  | { type: 'frame'; frame: ChatServerFrame }
  | { type: 'sent'; content: string }
  | { type: 'socket-error' }
  | { type: 'closed'; isNormal: boolean }
  | { type: 'clear' };

let counter = 0;
const nextId = () => `m${++counter}`;

const entry = (kind: ChatEntry['kind'], content: string, at: Date): ChatEntry => ({
  id: nextId(),
  kind,
  content,
  timestamp: at.toISOString(),
});

/** Over 120 messages: the last 100, with the welcome message kept in front. */
export function capMessages(messages: ChatEntry[]): ChatEntry[] {
  if (messages.length <= CHAT_LIMITS.maxMessages) return messages;
  const welcome = messages.find((m) => m.kind === 'welcome');
  const last = messages.slice(-CHAT_LIMITS.keptMessages).filter((m) => m !== welcome);
  return welcome ? [welcome, ...last] : last;
}

function add(state: ChatState, ...added: ChatEntry[]): ChatState {
  return { ...state, messages: capMessages([...state.messages, ...added]) };
}

/** A stream cut off: its partial text stays, marked as interrupted. */
function interrupt(state: ChatState, at: Date): ChatState {
  if (state.streaming === null) return state;
  const partial = state.streaming;
  const cut = { ...state, streaming: null };
  return partial ? add(cut, entry('assistant', `${partial} ${chatMessages.interrupted}`, at)) : cut;
}

export function chatReducer(state: ChatState, event: ChatEvent, at = new Date()): ChatState {
  switch (event.type) {
    case 'connecting':
      return { ...state, connection: 'connecting' };
    case 'retrying':
      return { ...state, connection: 'connecting', reconnectAttempts: state.reconnectAttempts + 1 };
    case 'retrying-slowly':
      return { ...state, connection: 'connecting', slowRetries: (state.slowRetries ?? 0) + 1 };
    case 'opened':
      return {
        ...state,
        connection: 'open',
        reconnectAttempts: 0,
        isReconnecting: false,
        slowRetries: null,
      };
    case 'sent':
      return { ...add(state, entry('user', event.content, at)), streaming: '' };
    case 'clear':
      return { ...state, messages: [] };
    case 'socket-error':
      // One error message per outage, not one per failed attempt.
      return state.isReconnecting || state.slowRetries !== null
        ? state
        : add(state, entry('error', chatMessages.connectionError, at));
    case 'closed': {
      const closed = { ...interrupt(state, at), connection: 'closed' as const };
      if (event.isNormal) return { ...closed, isReconnecting: false, slowRetries: null };
      // Past giving up, a failed try is quiet: the outage has its message already.
      if (state.slowRetries !== null) return closed;
      const attempts = state.isReconnecting ? state.reconnectAttempts : 0;
      if (attempts >= CHAT_LIMITS.reconnectAttempts) {
        return {
          ...add(closed, entry('error', chatMessages.unableToConnect, at)),
          isReconnecting: false,
          slowRetries: 0,
        };
      }
      const lost = state.isReconnecting
        ? closed
        : add(closed, entry('error', chatMessages.connectionLost, at));
      return { ...lost, isReconnecting: true, reconnectAttempts: attempts };
    }
    case 'frame':
      return onFrame(state, event.frame, at);
  }
}

function onFrame(state: ChatState, frame: ChatServerFrame, at: Date): ChatState {
  switch (frame.type) {
    case 'welcome': {
      const next = { ...state, isDemoMode: frame.isDemoMode };
      // A reconnect is welcomed again; the conversation keeps its one welcome.
      return state.messages.some((m) => m.kind === 'welcome')
        ? next
        : add(next, entry('welcome', frame.content, at));
    }
    case 'chat_llm_chunk':
      return { ...state, streaming: (state.streaming ?? '') + frame.content };
    case 'chat_llm_complete': {
      const answered = add(
        { ...state, streaming: null, isDemoMode: frame.isDemoMode },
        { ...entry('assistant', state.streaming ?? '', at), timestamp: frame.timestamp },
      );
      return { ...answered, poweredBy: { provider: frame.provider, model: frame.model } };
    }
    case 'error': {
      const settled = state.streaming ? interrupt(state, at) : { ...state, streaming: null };
      return add(settled, entry('error', frame.content, at));
    }
  }
}
