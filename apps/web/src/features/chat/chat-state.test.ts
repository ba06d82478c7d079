import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, chatMessages } from '@billow/contracts';
import {
  capMessages,
  chatReducer,
  initialChatState,
  type ChatEntry,
  type ChatEvent,
} from './chat-state';

const run = (...events: ChatEvent[]) =>
  events.reduce((state, event) => chatReducer(state, event), initialChatState);
const welcome = {
  type: 'frame',
  frame: { type: 'welcome', isDemoMode: true, content: 'Hi' },
} as const;
const lost = { type: 'closed', isNormal: false } as const;

describe('the chat state', () => {
  it('over 120 messages keeps the last 100 with the welcome message in front', () => {
    const messages: ChatEntry[] = Array.from({ length: 121 }, (_, i) => ({
      id: String(i),
      kind: i === 0 ? 'welcome' : 'user',
      content: String(i),
      timestamp: '2026-11-20T12:00:00Z',
    }));
    expect(capMessages(messages.slice(0, 120))).toHaveLength(120);
    const capped = capMessages(messages);
    expect(capped).toHaveLength(CHAT_LIMITS.keptMessages + 1);
    expect(capped[0]?.kind).toBe('welcome');
    expect(capped[1]?.content).toBe('21');
    expect(capped.at(-1)?.content).toBe('120');
  });

  it('gathers chunks until the complete event adds one assistant message', () => {
    const state = run(
      { type: 'opened' },
      welcome,
      { type: 'sent', content: 'Hello' },
      { type: 'frame', frame: { type: 'chat_llm_chunk', content: 'Hi ' } },
      { type: 'frame', frame: { type: 'chat_llm_chunk', content: 'there' } },
      {
        type: 'frame',
        frame: {
          type: 'chat_llm_complete',
          timestamp: '2026-11-20T12:00:00Z',
          userId: 'u',
          isDemoMode: true,
          provider: 'Billow',
          model: 'demo',
        },
      },
    );
    expect(state.streaming).toBeNull();
    expect(state.messages.map((m) => [m.kind, m.content])).toEqual([
      ['welcome', 'Hi'],
      ['user', 'Hello'],
      ['assistant', 'Hi there'],
    ]);
    expect(state.poweredBy).toEqual({ provider: 'Billow', model: 'demo' });
  });

  it('keeps an interrupted answer, says the connection was lost, and gives up after 10 attempts', () => {
    let state = run(
      { type: 'opened' },
      welcome,
      { type: 'sent', content: 'Hello' },
      { type: 'frame', frame: { type: 'chat_llm_chunk', content: 'Hi' } },
      lost,
    );
    expect(state.messages.slice(-2).map((m) => m.content)).toEqual([
      `Hi ${chatMessages.interrupted}`,
      chatMessages.connectionLost,
    ]);
    expect(state).toMatchObject({ isReconnecting: true, connection: 'closed', streaming: null });
    for (let attempt = 1; attempt <= CHAT_LIMITS.reconnectAttempts; attempt++) {
      expect(state.isReconnecting).toBe(true);
      const attemptFails: ChatEvent[] = [{ type: 'retrying' }, { type: 'socket-error' }, lost];
      state = attemptFails.reduce((s, e) => chatReducer(s, e), state);
    }
    expect(state.isReconnecting).toBe(false);
    expect(state.reconnectAttempts).toBe(CHAT_LIMITS.reconnectAttempts);
    expect(state.messages.at(-1)?.content).toBe(chatMessages.unableToConnect);
    expect(state.messages.filter((m) => m.content === chatMessages.connectionLost)).toHaveLength(1);
  });

  it('welcomes once across reconnects, and Clear empties the messages', () => {
    const state = run(
      { type: 'opened' },
      welcome,
      lost,
      { type: 'retrying' },
      { type: 'opened' },
      welcome,
    );
    expect(state.messages.filter((m) => m.kind === 'welcome')).toHaveLength(1);
    expect(state).toMatchObject({ isReconnecting: false, reconnectAttempts: 0 });
    expect(chatReducer(state, { type: 'clear' }).messages).toEqual([]);
  });
});
