/**
 * The chat connection (docs/chat.md, "The connection"): one WebSocket to /ws/chat carrying the
 * person's token as the second sub-protocol after `bearer`; a non-normal close is retried 10 times,
 * 3000 ms apart. Leaving the screen closes it normally. A token that has expired, or is about to,
 * is refreshed before a connection is tried: the server would refuse it (after an hour away the
 * reconnects would otherwise all fail).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  CHAT_BEARER_PROTOCOL,
  CHAT_CLOSE_CODES,
  CHAT_LIMITS,
  CHAT_PATH,
  chatServerFrame,
  TOKEN_STORAGE_KEY,
} from '@billow/contracts';
import { endExpiredSession, refreshSession } from '@/lib/api-client';
import {
  chatReducer,
  initialChatState,
  slowRetryDelay,
  type ChatEvent,
  type ChatState,
} from './chat-state';

/** What the hook needs of a socket: the browser's WebSocket, or a test's stand-in. */
export type ChatSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};
export type OpenSocket = (url: string, protocols: string[]) => ChatSocket;

const NORMAL_CLOSURE = 1000;
/** A token with less than this left is refreshed first: it could expire during the handshake. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** Whether a JWT's `exp` falls within `marginMs` from now; a token without one never expires. */
function expiresWithin(token: string, marginMs: number, now = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && exp * 1000 - now < marginMs;
  } catch {
    return false;
  }
}

function chatUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_PATH}`;
}

const browserSocket: OpenSocket = (url, protocols) => new WebSocket(url, protocols);

export function useChat({
  token,
  openSocket = browserSocket,
}: {
  token: string | null;
  openSocket?: OpenSocket;
}) {
  const [state, dispatch] = useReducer(
    (current: ChatState, event: ChatEvent) => chatReducer(current, event),
    initialChatState,
  );
  const socketRef = useRef<ChatSocket | null>(null);
  /** Counts the screen's connection lifetimes: a refresh that outlives its screen opens nothing. */
  const generationRef = useRef(0);
  /** The current `connect`, for a socket's handlers to reconnect with. */
  const connectRef = useRef<(() => Promise<void>) | undefined>(undefined);

  const connect = useCallback(async () => {
    const generation = generationRef.current;
    // The stored token when there is one: a refresh since the screen opened replaced it.
    const stored = () => sessionStorage.getItem(TOKEN_STORAGE_KEY) || token;
    let current = stored();
    if (!current) return;
    if (expiresWithin(current, TOKEN_REFRESH_MARGIN_MS)) {
      // The shared refresh: a request refreshing at the same time is joined, not raced.
      await refreshSession();
      if (generation !== generationRef.current) return;
      current = stored() ?? current;
    }
    const socket = openSocket(chatUrl(), [CHAT_BEARER_PROTOCOL, current]);
    socketRef.current = socket;
    const isCurrent = () => socketRef.current === socket;
    socket.onopen = () => isCurrent() && dispatch({ type: 'opened' });
    socket.onmessage = (event) => {
      if (!isCurrent() || typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      // Other typed messages may come; only the known ones are shown.
      const parsed = chatServerFrame.safeParse(json);
      if (parsed.success) dispatch({ type: 'frame', frame: parsed.data });
    };
    socket.onerror = () => isCurrent() && dispatch({ type: 'socket-error' });
    socket.onclose = (event) => {
      if (!isCurrent()) return;
      socketRef.current = null;
      if (event.code === CHAT_CLOSE_CODES.sessionEnded) {
        // The server ended the socket with its session: a token that only expired is refreshed
        // and the chat reconnects; a session that was signed out or revoked ends here too, and
        // sign-in says "Authentication failed. Please log in again."
        dispatch({ type: 'closed', isNormal: true });
        void refreshSession().then((isRefreshed) => {
          if (generation !== generationRef.current) return;
          if (isRefreshed) void connectRef.current?.();
          else endExpiredSession();
        });
        return;
      }
      dispatch({ type: 'closed', isNormal: event.code === NORMAL_CLOSURE });
    };
  }, [token, openSocket]);

  useEffect(() => {
    connectRef.current = connect;
    void connect();
    return () => {
      generationRef.current += 1;
      const socket = socketRef.current;
      socketRef.current = null;
      socket?.close(NORMAL_CLOSURE);
    };
  }, [connect]);

  const { isReconnecting, connection, reconnectAttempts } = state;
  useEffect(() => {
    if (!isReconnecting || connection !== 'closed') return;
    const timer = setTimeout(() => {
      dispatch({ type: 'retrying' });
      void connect();
    }, CHAT_LIMITS.reconnectIntervalMs);
    return () => clearTimeout(timer);
  }, [isReconnecting, connection, reconnectAttempts, connect]);

  // After giving up: a try now and then, and one at once when the browser is back online.
  const { slowRetries } = state;
  useEffect(() => {
    if (slowRetries === null || connection !== 'closed') return;
    const retry = () => {
      dispatch({ type: 'retrying-slowly' });
      void connect();
    };
    const timer = setTimeout(retry, slowRetryDelay(slowRetries));
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [slowRetries, connection, connect]);

  const send = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      const socket = socketRef.current;
      if (!content || !socket || state.connection !== 'open' || state.streaming !== null)
        return false;
      socket.send(JSON.stringify({ content }));
      dispatch({ type: 'sent', content });
      return true;
    },
    [state.connection, state.streaming],
  );
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { state, send, clear };
}
