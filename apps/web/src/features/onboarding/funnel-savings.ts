/**
 * What the funnel promises (docs/onboarding.md, "Funnel savings"): estimated savings are 20% of the
 * monthly estimate, rounded to whole dollars. When that rounds to 0 (an unsure visitor, or a
 * tiny bill) a generic 20% is shown instead; otherwise the savings over a year.
 */
import { FUNNEL_SAVINGS_RATE } from '@billow/contracts';

export const FUNNEL_PERIOD_LABEL = '12 month period';
const FUNNEL_PERIOD_MONTHS = 12;

type FunnelSavings =
  | { kind: 'generic'; percent: number }
  | { kind: 'annual'; monthlySavings: number; annualSavings: number };

export function estimateFunnelSavings(estimatedAmount: number): FunnelSavings {
  const monthlySavings = Math.round(estimatedAmount * FUNNEL_SAVINGS_RATE);
  if (!Number.isFinite(monthlySavings) || monthlySavings <= 0) {
    return { kind: 'generic', percent: Math.round(FUNNEL_SAVINGS_RATE * 100) };
  }
  return { kind: 'annual', monthlySavings, annualSavings: monthlySavings * FUNNEL_PERIOD_MONTHS };
}
