import { describe, expect, it } from 'vitest';
import { hasOnlySafeText, isSafeText, text, UNSAFE_TEXT_MESSAGE } from './text';

describe(text.name, () => {
  it('refuses NUL and lone surrogates with one message, before any other check', () => {
    const schema = text().trim().min(1).max(5);
    for (const value of ['a\u0000', '\ud800', 'x\udc00y', '\udc00\ud800']) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    }
  });

  it('keeps accents, emoji and other paired surrogates', () => {
    expect(text().parse('Zoë 💸 名前')).toBe('Zoë 💸 名前');
    expect(isSafeText('\ud83d\udcb8')).toBe(true);
  });

  it('looks into keys and nested values of free-form JSON', () => {
    expect(hasOnlySafeText([{ a: { b: ['ok', 1, null] } }])).toBe(true);
    expect(hasOnlySafeText([{ a: { b: ['n\u0000'] } }])).toBe(false);
    expect(hasOnlySafeText({ 'k\ud800': 1 })).toBe(false);
  });
});
