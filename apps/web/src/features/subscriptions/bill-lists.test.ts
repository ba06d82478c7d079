import { describe, expect, it } from 'vitest';
import {
  activeCount,
  allBills,
  byName,
  groupByMonth,
  monthlyTotalSpend,
  upcomingBills,
} from './bill-lists';
import { aSubscription } from '@test/subscriptions-helpers';

const today = new Date(2026, 11, 1);
const names = (list: { merchant_name: string }[]) => list.map((s) => s.merchant_name);

describe(upcomingBills.name, () => {
  it('keeps only ACTIVE bills due after today, soonest first', () => {
    const list = [
      aSubscription({ merchant_name: 'Hulu', days_until_due: 12 }),
      aSubscription({ merchant_name: 'Netflix', days_until_due: 3 }),
      aSubscription({ merchant_name: 'Due today', days_until_due: 0 }),
      aSubscription({ merchant_name: 'Overdue', days_until_due: -2 }),
      aSubscription({ merchant_name: 'No date', days_until_due: null, renewal_date: null }),
      aSubscription({ merchant_name: 'Paused', status: 'PAUSED', days_until_due: 1 }),
      aSubscription({ merchant_name: 'Spotify', days_until_due: 1 }),
    ];
    expect(names(upcomingBills(list))).toEqual(['Spotify', 'Netflix', 'Hulu']);
  });
});

describe(groupByMonth.name, () => {
  it('splits the upcoming bills into this month and later on, keeping their order', () => {
    const list = [
      aSubscription({ merchant_name: 'Netflix', renewal_date: '2026-12-04', days_until_due: 3 }),
      aSubscription({ merchant_name: 'Gym', renewal_date: '2026-12-31', days_until_due: 30 }),
      aSubscription({ merchant_name: 'Hulu', renewal_date: '2027-01-02', days_until_due: 32 }),
    ];
    const { thisMonth, later } = groupByMonth(upcomingBills(list), today);
    expect(names(thisMonth)).toEqual(['Netflix', 'Gym']);
    expect(names(later)).toEqual(['Hulu']);
  });
});

describe(allBills.name, () => {
  it('lists every ACTIVE bill by merchant name, whatever the case', () => {
    const list = [
      aSubscription({ merchant_name: 'spotify' }),
      aSubscription({ merchant_name: 'Amazon Prime' }),
      aSubscription({ merchant_name: 'Cancelled Co', status: 'CANCELLED' }),
      aSubscription({ merchant_name: 'Netflix', days_until_due: -5 }),
    ];
    expect(names(allBills(list))).toEqual(['Amazon Prime', 'Netflix', 'spotify']);
  });
});

describe('subscription figures', () => {
  const list = [
    aSubscription({ amount: 15.49, status: 'ACTIVE', cadence: 'MONTHLY' }),
    aSubscription({ amount: 10.5, status: 'ACTIVE', cadence: 'MONTHLY' }),
    aSubscription({ amount: 99, status: 'ACTIVE', cadence: 'YEARLY' }),
    aSubscription({ amount: 20, status: 'PAUSED', cadence: 'MONTHLY' }),
    aSubscription({ amount: 30, status: 'CANCELLED', cadence: 'MONTHLY' }),
  ];

  it('totals the monthly spend over subscriptions that are both ACTIVE and MONTHLY', () => {
    expect(monthlyTotalSpend(list)).toBe(25.99);
  });

  it('counts the ACTIVE subscriptions', () => {
    expect(activeCount(list)).toBe(3);
  });

  it('lists every status by name in the subscriptions section', () => {
    expect(byName(list).length).toBe(5);
  });
});
