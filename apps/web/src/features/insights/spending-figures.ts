/**
 * The spending charts' figures, as pure data: the last year of months stacked by category (the
 * five largest categories by name, the rest as one), this month's share per category (paid so far
 * plus still due), and the sentences that say the same for people who do not look at charts.
 */
import type { MonthlySpend, UpcomingCharge } from '@billow/contracts';
import { formatDollars } from '@billow/contracts';
import { format, parse } from 'date-fns';
import { plainWords } from '@/lib/plain-words';

/** Months the spending chart shows. */
const CHART_MONTHS = 12;
/** Categories named in the charts; the others are summed as one. */
const NAMED_CATEGORIES = 5;
export const OTHER = 'everything else';

/**
 * Okabe–Ito: told apart by people with any common colour blindness, and readable on the light
 * and the dark card alike; "everything else" is grey.
 */
const CATEGORY_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];
const OTHER_COLOUR = '#8A8A8A';

/** The colour of the i-th series (categories keep their colour across both charts). */
export function colourOf(series: string, index: number) {
  return series === OTHER ? OTHER_COLOUR : CATEGORY_COLOURS[index % CATEGORY_COLOURS.length]!;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (cents: number) => cents / 100;

/** '2026-11' → 'Nov 2026' (or 'November 2026' in full). */
export function monthLabel(month: string, style: 'short' | 'long' = 'short') {
  return format(parse(month, 'yyyy-MM', new Date()), style === 'short' ? 'MMM yyyy' : 'MMMM yyyy');
}

/** A category as a person reads it ('meal_kit' → 'Meal kit'). */
export function categoryLabel(category: string) {
  const words = plainWords(category);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StackedMonth = { month: string; label: string; total: number } & Record<
  string,
  number | string
>;

/** The last `CHART_MONTHS` months, each with an amount per named category and "everything else". */
export function stackedMonths(history: readonly MonthlySpend[]) {
  const shown = history.slice(-CHART_MONTHS);
  const totals = new Map<string, number>();
  for (const month of shown) {
    for (const { category, amount } of month.categories) {
      totals.set(category, (totals.get(category) ?? 0) + cents(amount));
    }
  }
  const ranked = [...totals].sort(([, a], [, b]) => b - a).map(([category]) => category);
  const named = ranked.slice(
    0,
    ranked.length > NAMED_CATEGORIES + 1 ? NAMED_CATEGORIES : undefined,
  );
  const hasOther = ranked.length > named.length;
  const series = hasOther ? [...named, OTHER] : named;
  const months: StackedMonth[] = shown.map((month) => {
    const row: StackedMonth = {
      month: month.month,
      label: monthLabel(month.month),
      total: month.total,
    };
    for (const key of series) row[key] = 0;
    for (const { category, amount } of month.categories) {
      const key = named.includes(category) ? category : OTHER;
      row[key] = dollars(cents(row[key] as number) + cents(amount));
    }
    return row;
  });
  return { months, series };
}

export type CategoryShare = { category: string; amount: number; share: number };

/** This month by category: what was paid so far plus what is still due, largest first. */
export function thisMonthShares(
  thisMonth: MonthlySpend | undefined,
  stillDue: readonly UpcomingCharge[],
): CategoryShare[] {
  const byCategory = new Map<string, number>();
  for (const { category, amount } of thisMonth?.categories ?? []) {
    byCategory.set(category, (byCategory.get(category) ?? 0) + cents(amount));
  }
  for (const charge of stillDue) {
    byCategory.set(charge.category, (byCategory.get(charge.category) ?? 0) + cents(charge.amount));
  }
  const total = [...byCategory.values()].reduce((sum, c) => sum + c, 0);
  return [...byCategory]
    .sort(([, a], [, b]) => b - a)
    .map(([category, c]) => ({ category, amount: dollars(c), share: total ? c / total : 0 }));
}

/**
 * The shares as the donut draws them: the bar chart's named categories, each in its colour, and
 * the rest as one grey "everything else" slice rather than several grey ones.
 */
export function chartShares(shares: readonly CategoryShare[], series: readonly string[]) {
  const named = shares.filter((s) => series.includes(s.category) && s.category !== OTHER);
  const rest = shares.filter((s) => !named.includes(s));
  if (rest.length === 0) return named;
  return [
    ...named,
    {
      category: OTHER,
      amount: dollars(rest.reduce((sum, s) => sum + cents(s.amount), 0)),
      share: rest.reduce((sum, s) => sum + s.share, 0),
    },
  ];
}

/** "Over the last 12 months your subscriptions and bills cost $1,234.56, $102.88 a month…" */
export function spendingSummary(months: readonly StackedMonth[], series: readonly string[]) {
  if (months.length === 0) return '';
  const total = dollars(months.reduce((sum, m) => sum + cents(m.total), 0));
  const average = Math.round((total / months.length) * 100) / 100;
  const largest = series
    .map((key) => ({ key, sum: months.reduce((s, m) => s + cents(m[key] as number), 0) }))
    .sort((a, b) => b.sum - a.sum)[0];
  const busiest = [...months].sort((a, b) => b.total - a.total)[0]!;
  const span = months.length === 1 ? 'this month' : `the last ${months.length} months`;
  return [
    `Over ${span} your subscriptions and bills cost ${formatDollars(total)}, ${formatDollars(average)} a month on average.`,
    largest && largest.sum > 0
      ? `${categoryLabel(largest.key)} cost the most, ${formatDollars(dollars(largest.sum))}.`
      : '',
    months.length > 1
      ? `The costliest month was ${monthLabel(busiest.month, 'long')}, at ${formatDollars(busiest.total)}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** '60%', and '<1%' for a sliver that would round to nothing. */
export function percentOf(share: number) {
  return share > 0 && share < 0.005 ? '<1%' : `${Math.round(share * 100)}%`;
}

/** "This month: $250.00 in all. Bills 60 %, Streaming 25 %…" */
export function sharesSummary(shares: readonly CategoryShare[]) {
  if (shares.length === 0) return '';
  const total = dollars(shares.reduce((sum, s) => sum + cents(s.amount), 0));
  const parts = shares.map(
    (s) => `${categoryLabel(s.category)} ${formatDollars(s.amount)} (${percentOf(s.share)})`,
  );
  return `This month comes to ${formatDollars(total)}: ${parts.join(', ')}.`;
}
