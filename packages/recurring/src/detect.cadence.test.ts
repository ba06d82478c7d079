import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, charges, everyDays, idsOf, monthly, shiftDays } from '../test/series';

describe(`${detectRecurring.name} — cadences`, () => {
  it('finds a monthly subscription and predicts the next charge on its billing day', () => {
    const netflix = charges(monthly('2025-04-03', 12), 'NETFLIX.COM 866-579-7172 CA', 15.49);
    const [stream, ...others] = detectRecurring(netflix, { asOf: '2026-03-20' });
    expect(others).toHaveLength(0);
    expect(stream).toMatchObject({
      merchant: 'Netflix',
      website: 'netflix.com',
      category: 'streaming',
      cadence: 'MONTHLY',
      transaction_ids: idsOf(netflix),
      average_amount: 15.49,
      last_amount: 15.49,
      first_date: '2025-04-03',
      last_date: '2026-03-03',
      predicted_next_date: '2026-04-03',
      days_until_due: 14,
      normalized_monthly_amount: 15.49,
      status: 'ACTIVE',
      price_increase: false,
    });
    expect(stream?.evidence[0]).toBe(
      'Charged 12 times, about every month, most recently $15.49 on Mar 3, 2026',
    );
  });

  it('treats month-end billing (Jan 31, Feb 28, Mar 31) as monthly and predicts the next month end', () => {
    const rent = charges(monthly('2025-01-31', 14, 31), 'AVALON COMMUNITIES RENT', 2100);
    expect(rent.map((t) => t.date).slice(0, 3)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    const [stream] = detectRecurring(rent, { asOf: '2026-03-05' });
    expect(stream).toMatchObject({
      cadence: 'MONTHLY',
      predicted_next_date: '2026-03-31',
      status: 'ACTIVE',
    });
  });

  it('finds a weekly meal kit', () => {
    const kit = charges(everyDays('2025-10-06', 7, 20), 'HELLOFRESH 646-846-3663 NY', 59.94);
    const [stream] = detectRecurring(kit, { asOf: '2026-02-20' });
    expect(stream).toMatchObject({
      merchant: 'HelloFresh',
      cadence: 'WEEKLY',
      predicted_next_date: '2026-02-23',
    });
    expect(stream?.normalized_monthly_amount).toBeCloseTo((59.94 * 52) / 12, 2);
  });

  it('finds a biweekly payment that drifts through the month', () => {
    const cleaner = charges(everyDays('2025-06-06', 14, 16), 'CLEAN SWEEP HOUSEKEEPING', 120);
    const [stream] = detectRecurring(cleaner, { asOf: '2026-01-10' });
    expect(stream).toMatchObject({
      cadence: 'BIWEEKLY',
      last_date: '2026-01-02',
      predicted_next_date: '2026-01-16',
    });
    expect(stream?.normalized_monthly_amount).toBeCloseTo((120 * 26) / 12, 2);
  });

  it('tells semi-monthly billing on the 1st and 15th from biweekly', () => {
    const dates = monthly('2025-07-01', 8).flatMap((first) => [first, shiftDays(first, 14)]);
    const daycare = charges(dates, 'BRIGHT HORIZONS TUITION', 812.5);
    const [stream] = detectRecurring(daycare, { asOf: '2026-02-20' });
    expect(stream).toMatchObject({
      cadence: 'SEMI_MONTHLY',
      predicted_next_date: '2026-03-01',
      normalized_monthly_amount: 1625,
    });
  });

  it('finds semi-monthly billing on the 15th and the last day of the month', () => {
    const dates = monthly('2025-07-15', 8).flatMap((mid) => [mid, monthly(mid, 1, 31)[0] ?? mid]);
    const [stream] = detectRecurring(charges(dates, 'MAPLE COURT LLC RENT', 925), {
      asOf: '2026-03-01',
    });
    expect(stream).toMatchObject({ cadence: 'SEMI_MONTHLY', predicted_next_date: '2026-03-15' });
  });

  it('finds a quarterly bill', () => {
    const pest = charges(monthly('2024-06-12', 7, 12, 3), 'TERMINIX PEST CONTROL', 129);
    const [stream] = detectRecurring(pest, { asOf: '2026-02-01' });
    expect(stream).toMatchObject({ cadence: 'QUARTERLY', predicted_next_date: '2026-03-12' });
    expect(stream?.normalized_monthly_amount).toBe(43);
  });

  it('accepts two yearly charges at a known merchant', () => {
    const prime = charges(['2024-05-19', '2025-05-19'], 'AMZN PRIME MEMBERSHIP', 139);
    const [stream] = detectRecurring(prime, { asOf: '2026-03-31' });
    expect(stream).toMatchObject({
      merchant: 'Amazon Prime',
      cadence: 'YEARLY',
      predicted_next_date: '2026-05-19',
    });
    expect(stream?.normalized_monthly_amount).toBeCloseTo(139 / 12, 2);
  });

  it('accepts two identical yearly charges at an unknown merchant with no other spending there', () => {
    const dmv = charges(['2024-08-02', '2025-08-04'], 'CA DMV RENEWAL', 212);
    expect(detectRecurring(dmv, { asOf: '2026-03-31' })[0]?.cadence).toBe('YEARLY');
  });

  it('does not read two different amounts a year apart at an unknown merchant as yearly', () => {
    const shop = charges(['2024-08-02', '2025-08-04'], 'ACME OUTFITTERS', [212, 187.5]);
    expect(detectRecurring(shop, { asOf: '2026-03-31' })).toEqual([]);
  });

  it('finds a daily charge', () => {
    const invest = charges(everyDays('2026-02-01', 1, 40), 'ACORNS INVEST', 5);
    const [stream] = detectRecurring(invest, { asOf: '2026-03-12' });
    expect(stream).toMatchObject({ cadence: 'DAILY', predicted_next_date: '2026-03-13' });
    expect(stream?.normalized_monthly_amount).toBeCloseTo((5 * 365) / 12, 2);
  });

  it('needs three monthly charges at an unknown merchant but two at a known subscription merchant', () => {
    const unknown = charges(['2026-01-10', '2026-02-10'], 'KUMON LEARNING CTR', 165);
    expect(detectRecurring(unknown, { asOf: '2026-03-01' })).toEqual([]);
    const known = charges(['2026-01-10', '2026-02-10'], 'SPOTIFY USA 877-7781161', 11.99);
    expect(detectRecurring(known, { asOf: '2026-03-01' })[0]).toMatchObject({
      merchant: 'Spotify',
      cadence: 'MONTHLY',
    });
  });

  it('defaults asOf to the latest transaction date in the input', () => {
    const netflix = charges(monthly('2025-10-03', 5), 'NETFLIX.COM', 15.49);
    const coffee = charge('2026-02-20', 'TST* BLUE BOTTLE COFFEE', 5.25);
    const [stream] = detectRecurring([...netflix, coffee]);
    expect(stream?.days_until_due).toBe(11);
  });
});
