import { describe, expect, it } from 'vitest';
import type { MonthlySpend, UpcomingCharge } from '@billow/contracts';
import {
  chartShares,
  OTHER,
  percentOf,
  sharesSummary,
  spendingSummary,
  stackedMonths,
  thisMonthShares,
} from './spending-figures';

const month = (key: string, categories: Record<string, number>): MonthlySpend => ({
  month: key,
  total: Object.values(categories).reduce((a, b) => a + b, 0),
  categories: Object.entries(categories).map(([category, amount]) => ({
    category: category as MonthlySpend['categories'][number]['category'],
    amount,
  })),
});

describe('spending figures', () => {
  it('keeps the last 12 months and sums the small categories as one', () => {
    const history = Array.from({ length: 14 }, (_, i) =>
      month(`2026-${String((i % 12) + 1).padStart(2, '0')}`, {
        streaming: 30,
        utilities: 100,
        music: 10,
        news: 5,
        fitness: 25,
        software: 2,
        meal_kit: 0.1,
      }),
    );
    const { months, series } = stackedMonths(history);
    expect(months).toHaveLength(12);
    expect(series).toEqual(['utilities', 'streaming', 'fitness', 'music', 'news', OTHER]);
    expect(months[0]![OTHER]).toBe(2.1);
    expect(months[0]!.utilities).toBe(100);
  });

  it('names every category when one more would only make "everything else" of one', () => {
    const { series } = stackedMonths([
      month('2026-11', { a: 6, b: 5, c: 4, d: 3, e: 2, f: 1 } as never),
    ]);
    expect(series).not.toContain(OTHER);
    expect(series).toHaveLength(6);
  });

  it('makes this month of what was paid and what is still due', () => {
    const due: UpcomingCharge = {
      subscription_id: 's',
      merchant_name: 'Netflix',
      merchant_website_url: null,
      amount: 15,
      date: '2026-11-28',
      cadence: 'MONTHLY',
      category: 'streaming',
      reward_credit: 0,
    };
    const shares = thisMonthShares(month('2026-11', { utilities: 45, streaming: 15 }), [due]);
    expect(shares).toEqual([
      { category: 'utilities', amount: 45, share: 0.6 },
      { category: 'streaming', amount: 30, share: 0.4 },
    ]);
    expect(sharesSummary(shares)).toBe(
      'This month comes to $75.00: Utilities $45.00 (60%), Streaming $30.00 (40%).',
    );
  });

  it('says in words what the chart shows', () => {
    const { months, series } = stackedMonths([
      month('2026-10', { streaming: 20, utilities: 80 }),
      month('2026-11', { streaming: 20, utilities: 100 }),
    ]);
    expect(spendingSummary(months, series)).toBe(
      'Over the last 2 months your subscriptions and bills cost $220.00, $110.00 a month on average. Utilities cost the most, $180.00. The costliest month was November 2026, at $120.00.',
    );
    expect(spendingSummary([], [])).toBe('');
  });
});

describe('the donut', () => {
  it('draws the categories the bar chart names, and the rest as one slice', () => {
    const shares = [
      { category: 'rent', amount: 80, share: 0.8 },
      { category: 'fitness', amount: 12, share: 0.12 },
      { category: 'news', amount: 8, share: 0.08 },
    ];
    expect(chartShares(shares, ['rent', OTHER])).toEqual([
      { category: 'rent', amount: 80, share: 0.8 },
      { category: OTHER, amount: 20, share: 0.2 },
    ]);
    expect(chartShares(shares.slice(0, 1), ['rent'])).toEqual(shares.slice(0, 1));
  });
});

describe('shares in words', () => {
  it('says <1% for a sliver rather than 0%', () => {
    expect([percentOf(0.004), percentOf(0), percentOf(0.126)]).toEqual(['<1%', '0%', '13%']);
  });
});
