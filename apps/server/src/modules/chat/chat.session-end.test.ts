/**
 * A chat socket lives no longer than its session: signing out, a revoked refresh family and an
 * expired token close it with the session-ended code and its words, and one person may
 * hold only so many sockets open.
 */
import type { AddressInfo } from 'node:net';
import {
  authRoutes,
  CHAT_BEARER_PROTOCOL,
  CHAT_CLOSE_CODES,
  CHAT_MAX_SOCKETS_PER_PERSON,
  CHAT_PATH,
} from '@billow/contracts';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, connectChat } from '../../../test/chat-client';
import { signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

describe('the chat socket and its session', () => {
  let t: TestApp;
  let url: string;
  let phone = 7100;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
  });
  afterAll(() => t.close());

  const person = () => signIn(t.app, `+1555555${phone++}`);
  const open = (token: string) => connectChat(url, [CHAT_BEARER_PROTOCOL, token]);
  const ended = {
    code: CHAT_CLOSE_CODES.sessionEnded,
    reason: 'Authentication failed. Please log in again.',
  };

  it('closes when the person signs out', async () => {
    const { token, refreshToken } = await person();
    const chat = await open(token);
    await askChat(chat, 'hello');
    const closing = closed(chat.socket);
    const out = await t.app.inject({
      method: 'POST',
      url: authRoutes.logout.path,
      payload: { refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await closing).toEqual(ended);
  });

  it('closes when the refresh family is revoked (a reused refresh token)', async () => {
    const { token, refreshToken } = await person();
    const chat = await open(token);
    const closing = closed(chat.socket);
    const refresh = (body: object) =>
      t.app.inject({ method: 'POST', url: authRoutes.refresh.path, payload: body });
    expect((await refresh({ refreshToken })).statusCode).toBe(200);
    // Past the reuse interval, the old token again counts as theft: the family is revoked.
    await t.database.executeSql(
      `update refresh_tokens set replaced_at = replaced_at - interval '1 hour' where replaced_at is not null`,
    );
    expect((await refresh({ refreshToken })).statusCode).toBe(401);
    expect(await closing).toEqual(ended);
  });

  it(`keeps at most ${CHAT_MAX_SOCKETS_PER_PERSON} sockets open per person`, async () => {
    const { token } = await person();
    const sockets = await Promise.all(
      Array.from({ length: CHAT_MAX_SOCKETS_PER_PERSON }, () => open(token)),
    );
    const extra = await open(token);
    expect(await closed(extra.socket)).toMatchObject({ code: CHAT_CLOSE_CODES.tooManySockets });
    sockets[0]!.socket.close(1000);
    await closed(sockets[0]!.socket);
    const again = await open(token);
    await askChat(again, 'hello');
    for (const s of [...sockets.slice(1), again]) s.socket.close(1000);
  });
});

describe('the chat pace across API processes', () => {
  it('holds one person to their pace when their sockets reach two processes', async () => {
    const env = { CHAT_MESSAGES_PER_MINUTE: '2' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env, database: first.database });
    try {
      const urls: string[] = [];
      for (const t of [first, second]) {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        urls.push(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_PATH}`);
      }
      const { token } = await signIn(first.app, '+15555557190');
      const [a, b] = await Promise.all(
        urls.map((url) => connectChat(url, [CHAT_BEARER_PROTOCOL, token])),
      );
      const answers = [
        await askChat(a!, 'hello'),
        await askChat(b!, 'hello'),
        await askChat(a!, 'hello'),
        await askChat(b!, 'hello'),
      ];
      expect(answers.map((x) => x.frames.at(-1)!.type)).toEqual([
        'chat_llm_complete',
        'chat_llm_complete',
        'error',
        'error',
      ]);
      a!.socket.close(1000);
      b!.socket.close(1000);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
