import { describe, expect, it } from 'vitest';
import { plainWords } from './plain-words';
import {
  formatAbsoluteDollars,
  formatDollars,
  formatFlooredDollars,
  formatWholeDollars,
} from './money';

describe('money', () => {
  it('shows US dollars with 2 decimals', () => {
    expect(formatDollars(15.49)).toBe('$15.49');
    expect(formatDollars(9)).toBe('$9.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });

  it('shows a payment’s size without its sign where the spec asks for absolute values', () => {
    expect(formatAbsoluteDollars(-15.49)).toBe('$15.49');
    expect(formatAbsoluteDollars(15.49)).toBe('$15.49');
  });

  it('floors lifetime savings to whole dollars, never rounding up', () => {
    expect(formatFlooredDollars(0)).toBe('$0');
    expect(formatFlooredDollars(12.99)).toBe('$12');
    expect(formatFlooredDollars(1234.5)).toBe('$1,234');
  });

  it('keeps the whole-dollar headline figures it had', () => {
    expect(formatWholeDollars(44.6)).toBe('$45');
  });
});

describe(plainWords.name, () => {
  it('shows underscored identifiers as plain words', () => {
    expect(plainWords('meal_kit')).toBe('meal kit');
    expect(plainWords('cloud__storage_')).toBe('cloud storage');
    expect(plainWords('streaming')).toBe('streaming');
  });
});
