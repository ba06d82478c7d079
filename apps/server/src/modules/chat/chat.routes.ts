/**
 * `GET /ws/chat` (spec part 1 §7): the assistant over a WebSocket on the API's own port. The
 * person's token arrives as the second sub-protocol after `bearer` (browsers cannot set headers
 * on a socket) and is checked in onRequest, before the upgrade: a missing, bad or expired token
 * gets the 401 problem as a plain HTTP answer and no socket.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CHAT_BEARER_PROTOCOL, CHAT_MESSAGE_MAX_LENGTH, CHAT_PATH } from '@billow/contracts';
import type { ChatModel, FinanceReader } from '../../providers/chat-model/chat-model';
import { openConversation, type MessagePace } from './chat.conversation';

/** The token from `Sec-WebSocket-Protocol: bearer, <token>`, if that is what was offered. */
export function tokenFromProtocols(header: string | undefined): string | undefined {
  const [scheme, token, ...rest] = (header ?? '').split(',').map((p) => p.trim());
  return scheme === CHAT_BEARER_PROTOCOL && token && rest.length === 0 ? token : undefined;
}

export type ChatRouteDeps = {
  model: ChatModel;
  financesOf: (userId: string) => FinanceReader;
  pace: MessagePace;
  clock: () => Date;
};

export async function registerChatRoutes(app: FastifyInstance, deps: ChatRouteDeps) {
  await app.register(websocket, {
    // A frame is `{content}` of at most 1000 characters; 4 bytes each in the worst case.
    options: { maxPayload: CHAT_MESSAGE_MAX_LENGTH * 4 + 1024 },
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
      socket.on('close', () => conversation.close());
      socket.on('error', () => conversation.close());
    },
  );
}
