import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatAbsoluteDollars,
  formatDollars,
  formatFlooredDollars,
  formatWholeDollars,
  roundToCents,
  sumDollars,
} from './money';

describe('money', () => {
  it('turns dollars into whole cents without float noise, either sign', () => {
    expect(dollarsToCents(15.49)).toBe(1549);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(-15.49)).toBe(-1549);
    expect(dollarsToCents(1234.5)).toBe(123450);
    expect(centsToDollars(1549)).toBe(15.49);
    expect(centsToDollars(-5)).toBe(-0.05);
  });

  it('survives a round trip from cents to dollars and back for every cent value', () => {
    for (let cents = -100_000; cents <= 100_000; cents += 7) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });

  it('rounds to cents and adds in cents, so totals carry no float residue', () => {
    expect(roundToCents(12.345678)).toBe(12.35);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars([15.49, 9.99, 0.001])).toBe(25.48);
    expect(sumDollars([])).toBe(0);
  });

  it('shows US dollars with 2 decimals', () => {
    expect(formatDollars(15.49)).toBe('$15.49');
    expect(formatDollars(9)).toBe('$9.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(-4.5)).toBe('-$4.50');
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

  it('rounds headline figures to whole dollars', () => {
    expect(formatWholeDollars(44.6)).toBe('$45');
    expect(formatWholeDollars(1200)).toBe('$1,200');
  });
});
