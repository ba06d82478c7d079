/**
 * Cadences in words, and how many payments of each make a year (docs/subscriptions.md,
 * "Statuses and cadences").
 */
import type { Cadence } from '@billow/contracts';

export const cadenceLabels: Record<Cadence, string> = {
  MONTHLY: 'Monthly',
  SEMI_MONTHLY: 'Twice a month',
  QUARTERLY: 'Quarterly',
  YEARLY: 'Yearly',
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every 2 weeks',
  DAILY: 'Daily',
  UNKNOWN: 'Unknown',
};

export function cadenceLabel(cadence: Cadence): string {
  return cadenceLabels[cadence];
}

/**
 * Payments per year. Monthly, weekly, biweekly, quarterly and yearly are fixed
 * (docs/subscriptions.md, "Statuses and cadences"); twice a month and daily follow from the
 * calendar. An unknown cadence has no honest multiplier.
 */
export const yearlyMultipliers: Record<Cadence, number | undefined> = {
  MONTHLY: 12,
  WEEKLY: 52,
  BIWEEKLY: 26,
  QUARTERLY: 4,
  YEARLY: 1,
  SEMI_MONTHLY: 24,
  DAILY: 365,
  UNKNOWN: undefined,
};

/** What a payment of `amount` at this cadence comes to in a year; undefined when unknown. */
export function yearlyAmount(amount: number, cadence: Cadence): number | undefined {
  const times = yearlyMultipliers[cadence];
  return times === undefined ? undefined : amount * times;
}
