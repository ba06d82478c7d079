import { describe, expect, it } from 'vitest';
import type { SubscriptionTransaction } from '@billow/contracts';
import { pricePoints, priceSummary } from './price-history';

const paid = (date: string, amount: number): SubscriptionTransaction => ({
  subscription_id: 's',
  transaction_id: date,
  amount,
  currency: 'USD',
  date,
  description: 'NETFLIX.COM',
  merchant_name: 'Netflix',
});

describe('price history', () => {
  it('orders payments oldest first and marks where the price changed, leaving refunds out', () => {
    const points = pricePoints([
      paid('2026-10-05', 17.99),
      paid('2026-09-05', 17.99),
      paid('2026-08-05', 15.49),
      paid('2026-07-05', 15.5),
      paid('2026-06-05', -15.49),
    ]);
    expect(points.map((p) => [p.date, p.isChange])).toEqual([
      ['2026-07-05', false],
      ['2026-08-05', false],
      ['2026-09-05', true],
      ['2026-10-05', false],
    ]);
    expect(priceSummary(points)).toBe('The price went up from $15.49 to $17.99 on Sep 5, 2026.');
  });

  it('says when a price never moved, and when a bill varies every month', () => {
    expect(priceSummary(pricePoints([paid('2026-01-05', 11.99), paid('2026-02-05', 11.99)]))).toBe(
      'The price has stayed at $11.99 since Jan 5, 2026.',
    );
    const utility = [80, 95, 70, 110, 90].map((amount, i) => paid(`2026-0${i + 1}-10`, amount));
    expect(priceSummary(pricePoints(utility))).toBe(
      'The amount changes from bill to bill, between $70.00 and $110.00.',
    );
  });
});
