import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-messages';

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('shared validation messages', () => {
  it('says Required for a missing field', () => {
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual(['Required']);
  });

  it('says what it expected and what it received', () => {
    expect(messagesOf(z.object({ name: z.string() }), { name: 3 })).toEqual([
      'Expected string, received number',
    ]);
    expect(messagesOf(z.number(), null)).toEqual(['Expected number, received null']);
    expect(messagesOf(z.object({}), [])).toEqual(['Expected object, received array']);
  });

  it('counts characters and bounds numbers in zod 3 words', () => {
    expect(messagesOf(z.string().min(1), '')).toEqual([
      'String must contain at least 1 character(s)',
    ]);
    expect(messagesOf(z.string().max(3), 'abcd')).toEqual([
      'String must contain at most 3 character(s)',
    ]);
    expect(messagesOf(z.number().min(1), 0)).toEqual(['Number must be greater than or equal to 1']);
    expect(messagesOf(z.number().positive(), 0)).toEqual(['Number must be greater than 0']);
    expect(messagesOf(z.number().int().max(10), 11)).toEqual([
      'Number must be less than or equal to 10',
    ]);
  });

  it('names an invalid enum value and falls back to Invalid input', () => {
    expect(messagesOf(z.enum(['a', 'b']), 'c')).toEqual([
      "Invalid enum value. Expected 'a' | 'b', received 'c'",
    ]);
    expect(messagesOf(z.union([z.string(), z.number()]), true)).toEqual(['Invalid input']);
    expect(messagesOf(z.email(), 'nope')).toEqual(['Invalid email']);
  });

  it('keeps a message set on the schema itself', () => {
    expect(messagesOf(z.number().positive('Card value must be positive'), -1)).toEqual([
      'Card value must be positive',
    ]);
  });
});
