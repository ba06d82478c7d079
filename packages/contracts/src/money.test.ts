import { describe, expect, it, vi } from 'vitest';
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

  it('shows a payment’s size without its sign where a screen shows absolute values', () => {
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

describe('dollar figures match Intl’s en-US format to the character', () => {
  const usd = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const edges = [
    0,
    -0,
    0.001,
    -0.001,
    0.005,
    -0.005,
    0.004,
    0.01,
    0.1,
    0.125,
    0.995,
    0.9949,
    1.005,
    2.675,
    9.995,
    99.995,
    999.995,
    12.345678,
    15.49,
    1234.5,
    -1234.5,
    1e6,
    999999.995,
    123456789.125,
    4.35,
    1.15,
    8.325,
    1e-7,
    5e-7,
    3.3e-3,
    1e15,
    1e21,
    1.5e22,
    NaN,
    Infinity,
    -Infinity,
  ];
  // Amounts with up to six decimals and up to nine whole digits, either sign.
  let seed = 16;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const amounts = [...edges];
  for (let i = 0; i < 20_000; i++) {
    const decimals = Math.floor(random() * 7);
    const size = Math.floor(random() * 10 ** Math.floor(random() * 10));
    const amount = Number((size + random()).toFixed(decimals));
    amounts.push(random() < 0.3 ? -amount : amount);
  }

  it('formatDollars and formatAbsoluteDollars', () => {
    for (const amount of amounts) {
      expect(formatDollars(amount), String(amount)).toBe(usd.format(amount));
      expect(formatAbsoluteDollars(amount), String(amount)).toBe(usd.format(Math.abs(amount)));
    }
  });

  it('formatWholeDollars and formatFlooredDollars', () => {
    for (const amount of amounts.filter((value) => Math.abs(value) < 1e21)) {
      expect(formatWholeDollars(amount), String(amount)).toBe(
        `$${Math.round(amount).toLocaleString('en-US')}`,
      );
      expect(formatFlooredDollars(amount), String(amount)).toBe(
        `$${Math.floor(amount).toLocaleString('en-US')}`,
      );
    }
  });
});

it('writes everyday amounts without Intl, whose first use stalls a page start', () => {
  const numberFormat = vi.spyOn(Intl, 'NumberFormat');
  const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
  try {
    expect(formatDollars(-1234.5)).toBe('-$1,234.50');
    expect(formatWholeDollars(44.6)).toBe('$45');
    expect(formatFlooredDollars(1234.5)).toBe('$1,234');
    expect(numberFormat).not.toHaveBeenCalled();
    expect(toLocaleString).not.toHaveBeenCalled();
  } finally {
    numberFormat.mockRestore();
    toLocaleString.mockRestore();
  }
});
