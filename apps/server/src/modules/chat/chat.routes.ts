/**
 * `GET /ws/chat` (docs/chat.md, "The connection"): the assistant over a WebSocket on the API's own
 * port. The person's token arrives as the second sub-protocol after `bearer` (browsers cannot set
 * headers on a socket) and is checked in onRequest, before the upgrade: a missing, bad or expired
 * token gets the 401 problem as a plain HTTP answer and no socket.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import {
  CHAT_BEARER_PROTOCOL,
  CHAT_CLOSE_CODES,
  CHAT_MAX_SOCKETS_PER_PERSON,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PATH,
  requestMessages,
} from '@billow/contracts';
import type { ChatModel, FinanceReader } from '../../providers/chat-model/chat-model';
import { openConversation, type MessagePace } from './chat.conversation';

/** The token from `Sec-WebSocket-Protocol: bearer, <token>`, if that is what was offered. */
function tokenFromProtocols(header: string | undefined): string | undefined {
  const [scheme, token, ...rest] = (header ?? '').split(',').map((p) => p.trim());
  return scheme === CHAT_BEARER_PROTOCOL && token && rest.length === 0 ? token : undefined;
}

type ChatRouteDeps = {
  model: ChatModel;
  financesOf: (userId: string) => FinanceReader;
  pace: MessagePace;
  clock: () => Date;
  /** Tells when some session was signed out, revoked or deleted (any process). */
  onSessionsChanged?: (listener: () => void) => void;
  /** How often open sockets re-check their session anyway (a missed notice). */
  recheckMs?: number;
};

/** The seconds-since-epoch `exp` of a JWT already verified, or undefined. */
function expiryOf(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

type OpenSocket = { userId: string; token: string; end(): void };

export async function registerChatRoutes(app: FastifyInstance, deps: ChatRouteDeps) {
  await app.register(websocket, {
    // A frame is `{content}` of at most 1000 characters; 4 bytes each in the worst case.
    options: { maxPayload: CHAT_MESSAGE_MAX_LENGTH * 4 + 1024 },
  });
  // A socket lives only as long as the session its token belongs to: closed when the session is
  // signed out, revoked or deleted (checked on every notice of a session change and every
  // `recheckMs`), and when the token expires. The web then refreshes or signs in again.
  const open = new Map<string, Set<OpenSocket>>();
  const all = () => [...open.values()].flatMap((set) => [...set]);
  const recheck = (entry: OpenSocket) =>
    app.authenticate(`Bearer ${entry.token}`).then(
      (userId) => userId === entry.userId || entry.end(),
      () => entry.end(),
    );
  const recheckAll = () => void Promise.all(all().map(recheck));
  deps.onSessionsChanged?.(recheckAll);
  const timer = setInterval(recheckAll, deps.recheckMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    for (const entry of all()) entry.end();
  });

  app.get(
    CHAT_PATH,
    {
      websocket: true,
      onRequest: async (request) => {
        const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
        request.userId = await app.authenticate(token ? `Bearer ${token}` : undefined);
      },
    },
    (socket, request) => {
      const token = tokenFromProtocols(request.headers['sec-websocket-protocol'])!;
      const mine = open.get(request.userId) ?? new Set<OpenSocket>();
      if (mine.size >= CHAT_MAX_SOCKETS_PER_PERSON) {
        socket.close(CHAT_CLOSE_CODES.tooManySockets, 'Too many chat connections.');
        return;
      }
      const exp = expiryOf(token);
      const expiry =
        exp === undefined
          ? undefined
          : setTimeout(
              () => entry.end(),
              Math.min(2 ** 31 - 1, Math.max(0, exp * 1000 - deps.clock().getTime())),
            );
      expiry?.unref();
      const entry: OpenSocket = {
        userId: request.userId,
        token,
        end: () => {
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
            socket.close(CHAT_CLOSE_CODES.sessionEnded, requestMessages.authenticationFailed);
        },
      };
      mine.add(entry);
      open.set(request.userId, mine);
      const forget = () => {
        if (expiry) clearTimeout(expiry);
        mine.delete(entry);
        if (mine.size === 0) open.delete(request.userId);
      };
      const conversation = openConversation({
        userId: request.userId,
        model: deps.model,
        finances: deps.financesOf(request.userId),
        pace: deps.pace,
        clock: deps.clock,
        log: request.log,
        send: (frame) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
        },
      });
      socket.on('message', (data, isBinary) => {
        conversation.receive(isBinary ? '' : data.toString());
      });
      socket.on('close', () => {
        forget();
        conversation.close();
      });
      socket.on('error', () => {
        forget();
        conversation.close();
      });
    },
  );
}
