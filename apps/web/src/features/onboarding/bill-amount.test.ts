import { describe, expect, it } from 'vitest';
import { isValidAmount, parseAmount, sanitizeAmountInput } from './bill-amount';

describe(sanitizeAmountInput.name, () => {
  it('accepts a number with one decimal', () => {
    expect(sanitizeAmountInput('12.', '12.5')).toBe('12.5');
  });

  it('accepts two decimals but refuses a third, keeping what was there', () => {
    expect(sanitizeAmountInput('1.2', '1.23')).toBe('1.23');
    expect(sanitizeAmountInput('1.23', '1.234')).toBe('1.23');
  });

  it('refuses a second decimal point, keeping what was there', () => {
    expect(sanitizeAmountInput('1.', '1..2')).toBe('1.');
    expect(sanitizeAmountInput('1.2', '1.2.')).toBe('1.2');
  });

  it('drops letters and other characters, keeping the digits', () => {
    expect(sanitizeAmountInput('12', '12a')).toBe('12');
    expect(sanitizeAmountInput('', 'abc')).toBe('');
    expect(sanitizeAmountInput('', '$1,200')).toBe('1200');
    expect(sanitizeAmountInput('', '-5')).toBe('5');
  });

  it('refuses a sixth digit of dollars, keeping what was there', () => {
    expect(sanitizeAmountInput('99999', '999999')).toBe('99999');
    expect(sanitizeAmountInput('', '99999999')).toBe('');
    expect(sanitizeAmountInput('99999.9', '99999.99')).toBe('99999.99');
  });

  it('lets the field hold 0 or be emptied', () => {
    expect(sanitizeAmountInput('', '0')).toBe('0');
    expect(sanitizeAmountInput('5', '')).toBe('');
  });
});

describe(isValidAmount.name, () => {
  it('is valid only above 0', () => {
    expect(isValidAmount('12.5')).toBe(true);
    expect(isValidAmount('0.01')).toBe(true);
    expect(isValidAmount('.5')).toBe(true);
    expect(isValidAmount('0')).toBe(false);
    expect(isValidAmount('0.00')).toBe(false);
    expect(isValidAmount('')).toBe(false);
    expect(isValidAmount('.')).toBe(false);
  });
});

describe(parseAmount.name, () => {
  it('reads the dollars, or nothing when there is no number', () => {
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('1.')).toBe(1);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('.')).toBeNull();
  });
});
