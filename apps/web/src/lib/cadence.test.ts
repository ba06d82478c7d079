import { describe, expect, it } from 'vitest';
import { cadence } from '@billow/contracts';
import { cadenceLabel, yearlyAmount, yearlyMultipliers } from './cadence';

describe('cadence', () => {
  it('says every cadence in words, and Unknown for an unknown one', () => {
    expect(cadence.options.map(cadenceLabel)).toEqual([
      'Monthly',
      'Twice a month',
      'Quarterly',
      'Yearly',
      'Weekly',
      'Every 2 weeks',
      'Daily',
      'Unknown',
    ]);
  });

  it('makes a year of monthly ×12, weekly ×52, biweekly ×26, quarterly ×4 and yearly ×1', () => {
    expect(yearlyMultipliers).toMatchObject({
      MONTHLY: 12,
      WEEKLY: 52,
      BIWEEKLY: 26,
      QUARTERLY: 4,
      YEARLY: 1,
    });
    expect(yearlyAmount(10, 'MONTHLY')).toBe(120);
    expect(yearlyAmount(10, 'WEEKLY')).toBe(520);
  });

  it('invents no yearly figure for an unknown cadence', () => {
    expect(yearlyAmount(10, 'UNKNOWN')).toBeUndefined();
  });
});
