import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalizePhoneNumber } from './phone';
import { isPlausiblePhoneNumber } from './phone-plausible';

describe(normalizePhoneNumber.name, () => {
  it.each([
    ['(555) 555-0100', '+15555550100'],
    ['555.555.0100', '+15555550100'],
    ['1 555 555 0100', '+15555550100'],
    ['15555550100', '+15555550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (555) 555-0100', '+15555550100'],
    ['5550100', '+15550100'],
    ['  555-555-0100  ', '+15555550100'],
    ['25555550100', '+125555550100'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it('tells a plausible number from a short one', () => {
    expect(isPlausiblePhoneNumber('+15555550100')).toBe(true);
    expect(isPlausiblePhoneNumber('+442079460958')).toBe(true);
    expect(isPlausiblePhoneNumber('+15550100')).toBe(false);
    expect(isPlausiblePhoneNumber('+15551234')).toBe(false);
    expect(isPlausiblePhoneNumber('+155555501001')).toBe(false);
    expect(isPlausiblePhoneNumber('+1')).toBe(false);
    expect(isPlausiblePhoneNumber('+1234')).toBe(false);
  });

  it('formats a US number for people', () => {
    expect(formatPhoneNumber('+15555550100')).toBe('(555) 555-0100');
    expect(formatPhoneNumber('+442079460958')).toBe('+442079460958');
  });
});
