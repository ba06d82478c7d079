import { describe, expect, it } from 'vitest';
import { chatClientFrame, chatMessages, chatServerFrame } from './chat';

const problem = (content: unknown) => {
  const parsed = chatClientFrame.safeParse({ content });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('the chat frames', () => {
  it('takes 1 to 1000 characters after trimming, with its messages otherwise', () => {
    expect(chatClientFrame.parse({ content: '  hi  ' })).toEqual({ content: 'hi' });
    expect(problem('x'.repeat(1000))).toBeUndefined();
    expect(problem('   ')).toBe(chatMessages.empty);
    expect(problem('')).toBe(chatMessages.empty);
    expect(problem('x'.repeat(1001))).toBe(chatMessages.tooLong);
    expect(problem('a\u0000b')).toBeDefined();
  });

  it('reads each server frame by its type', () => {
    expect(chatServerFrame.parse({ type: 'chat_llm_chunk', content: 'Hi' })).toEqual({
      type: 'chat_llm_chunk',
      content: 'Hi',
    });
    expect(chatServerFrame.safeParse({ type: 'chat_llm_complete', content: 'x' }).success).toBe(
      false,
    );
  });
});
