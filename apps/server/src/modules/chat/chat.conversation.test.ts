import { chatMessages, type ChatServerFrame } from '@billow/contracts';
import { describe, expect, it } from 'vitest';
import { createDemoChatModel } from '../../providers/chat-model/chat-model.demo';
import {
  HISTORY_LIMITS,
  createMessagePace,
  openConversation,
  trimHistory,
} from './chat.conversation';

const finances = {
  today: async () => '2026-11-20',
  subscriptions: async () => [],
  charges: async () => [],
  rewardsBalance: async () => 12.5,
  negotiations: async () => [],
  cancellations: async () => [],
};

function conversation(perMinute: number, at: { ms: number }, userId = 'u1') {
  const frames: ChatServerFrame[] = [];
  const pace = createMessagePace(perMinute, () => at.ms);
  const open = (id: string) =>
    openConversation({
      userId: id,
      model: createDemoChatModel(),
      finances,
      pace,
      send: (frame) => frames.push(frame),
      clock: () => new Date(at.ms),
      log: { error: () => undefined },
    });
  return { frames, first: open(userId), open };
}

const isEnd = (f: ChatServerFrame) => f.type === 'chat_llm_complete' || f.type === 'error';

/** Sends a message and waits, turn by turn, until its answer (or refusal) has ended. */
async function say(frames: ChatServerFrame[], to: { receive(raw: string): void }, content: string) {
  const from = frames.length;
  to.receive(JSON.stringify({ content }));
  while (!frames.slice(from).some(isEnd)) await new Promise((resolve) => setImmediate(resolve));
}

describe('a chat conversation', () => {
  it('keeps each person to their pace across connections, and a minute later lets them go on', async () => {
    const at = { ms: 0 };
    const { frames, first, open } = conversation(2, at);
    const second = open('u1');
    await say(frames, first, 'What is my rewards balance?');
    await say(frames, second, 'What is my rewards balance?');
    await say(frames, first, 'What is my rewards balance?');
    expect(frames.filter((f) => f.type === 'chat_llm_complete')).toHaveLength(2);
    expect(frames.at(-1)).toEqual({ type: 'error', content: chatMessages.rateLimited });
    // Someone else is not slowed by it.
    await say(frames, open('u2'), 'hi');
    expect(frames.at(-1)).toMatchObject({ type: 'chat_llm_complete', userId: 'u2' });
    at.ms += 60_000;
    await say(frames, first, 'What is my rewards balance?');
    expect(frames.at(-1)).toMatchObject({ type: 'chat_llm_complete', userId: 'u1' });
    const answer = frames
      .filter((f) => f.type === 'chat_llm_chunk')
      .map((f) => f.content)
      .join('');
    expect(answer).toContain('$12.50');
  });

  it('refuses a frame that is not {content}', () => {
    const { frames, first } = conversation(5, { ms: 0 });
    first.receive('not json');
    first.receive(JSON.stringify({ text: 'hi' }));
    expect(frames.slice(1)).toEqual([
      { type: 'error', content: chatMessages.badFrame },
      {
        type: 'error',
        content: chatMessages.badFrame,
        details: [{ field: 'content', message: chatMessages.badFrame }],
      },
    ]);
  });

  it('trims the history to fit, oldest turns first', () => {
    const turns = Array.from({ length: 30 }, (_, i) => ({
      role: 'user' as const,
      content: `q${i}`,
    }));
    expect(trimHistory(turns)).toHaveLength(HISTORY_LIMITS.turns);
    expect(trimHistory(turns).at(-1)?.content).toBe('q29');
    const long = [1, 2, 3].map((i) => ({ role: 'user' as const, content: String(i).repeat(5000) }));
    expect(trimHistory(long).map((t) => t.content[0])).toEqual(['2', '3']);
  });
});
