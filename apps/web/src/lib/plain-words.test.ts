import { describe, expect, it } from 'vitest';
import { plainWords } from './plain-words';

describe(plainWords.name, () => {
  it('shows underscored identifiers as plain words', () => {
    expect(plainWords('meal_kit')).toBe('meal kit');
    expect(plainWords('cloud__storage_')).toBe('cloud storage');
    expect(plainWords('streaming')).toBe('streaming');
  });
});
