import { describe, expect, it } from 'vitest';
import {
  annualPlanFor,
  isPlausibleMonthlyPrice,
  plausibleMonthlyBand,
} from './annual-plan-pricing';
import { merchants } from './merchants';

const netflix = (monthlyPrice: number) =>
  annualPlanFor({
    merchantName: 'Netflix',
    merchantWebsite: 'netflix.com',
    status: 'ACTIVE',
    monthlyPrice,
  });

describe(annualPlanFor.name, () => {
  it('offers the annual plan at a believable monthly price', () => {
    expect(netflix(17.99)).toMatchObject({ annualPlanCost: 179.99, savings: 36 });
  });

  it('offers nothing for a monthly price far outside the catalogue band (a hand-made file)', () => {
    expect(netflix(9_999)).toBeUndefined();
    expect(netflix(40)).toBeUndefined();
  });
});

describe('the catalogue', () => {
  it('sells every annual plan for a price inside its own plausible band', () => {
    for (const merchant of merchants.filter((m) => m.annualPlanPrice)) {
      const band = plausibleMonthlyBand(merchant);
      expect(band, merchant.name).toBeDefined();
      expect(merchant.annualPlanPrice! / 12, merchant.name).toBeLessThanOrEqual(band!.max);
      expect(isPlausibleMonthlyPrice(merchant, merchant.typicalMonthlyPrice ?? band!.min)).toBe(
        true,
      );
    }
  });
});
