import { describe, expect, it } from 'vitest';
import { estimateFunnelSavings } from './funnel-savings';
import { formatDollars } from '@billow/contracts';

describe(estimateFunnelSavings.name, () => {
  it('shows the generic 20% when the visitor is not sure (estimate 0)', () => {
    expect(estimateFunnelSavings(0)).toEqual({ kind: 'generic', percent: 20 });
  });

  it('shows the generic 20% when 20% of the estimate rounds to 0', () => {
    expect(estimateFunnelSavings(2.49)).toEqual({ kind: 'generic', percent: 20 });
  });

  it('turns an estimate of 50 into $10 a month, $120.00 over 12 months', () => {
    const savings = estimateFunnelSavings(50);
    expect(savings).toEqual({ kind: 'annual', monthlySavings: 10, annualSavings: 120 });
    expect(savings.kind === 'annual' && formatDollars(savings.annualSavings)).toBe('$120.00');
  });

  it('rounds the monthly savings to whole dollars before multiplying', () => {
    expect(estimateFunnelSavings(17.99)).toMatchObject({ monthlySavings: 4, annualSavings: 48 });
    expect(estimateFunnelSavings(12.5)).toMatchObject({ monthlySavings: 3, annualSavings: 36 });
  });
});

describe(formatDollars.name, () => {
  it('shows dollars with cents and thousands separators', () => {
    expect(formatDollars(120)).toBe('$120.00');
    expect(formatDollars(1200)).toBe('$1,200.00');
    expect(formatDollars(42.18)).toBe('$42.18');
  });
});
