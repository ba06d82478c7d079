import { addDays, daysBetween } from './alert-dates';

/** Inflows from this much count towards paychecks. */
const PAYCHECK_MIN_CENTS = 100_00;

/** When the next paycheck is expected: from recurring inflows of the last 100 days. */
export function nextPaycheck(
  inflows: { name: string; date: string; amountCents: number }[],
  today: string,
): string | null {
  const groups = new Map<string, string[]>();
  for (const inflow of inflows) {
    if (inflow.amountCents > -PAYCHECK_MIN_CENTS) continue;
    const key = inflow.name
      .replace(/[\d#*]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase();
    groups.set(key, [...(groups.get(key) ?? []), inflow.date]);
  }
  let best: string | null = null;
  for (const dates of groups.values()) {
    const sorted = [...new Set(dates)].sort();
    if (sorted.length < 2) continue;
    const gaps = sorted.slice(1).map((d, i) => daysBetween(sorted[i]!, d));
    const gap = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    if (gap < 6 || gap > 35) continue;
    let next = addDays(sorted.at(-1)!, gap);
    while (next <= today) next = addDays(next, gap);
    if (!best || next < best) best = next;
  }
  return best;
}
