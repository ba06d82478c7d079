/**
 * The eight fixed examples the get-started step rotates through (docs/onboarding.md,
 * "The signup funnel"). They are illustrations, not real people.
 */
export type SampleSaving = { firstName: string; amount: number; merchant: string };

export const sampleSavings: readonly SampleSaving[] = [
  { firstName: 'Maria', amount: 42.18, merchant: 'Verizon' },
  { firstName: 'James', amount: 27.5, merchant: 'Xfinity' },
  { firstName: 'Aisha', amount: 18, merchant: 'Planet Fitness' },
  { firstName: 'David', amount: 35.64, merchant: 'AT&T' },
  { firstName: 'Sofia', amount: 12.99, merchant: 'Netflix' },
  { firstName: 'Kevin', amount: 54.2, merchant: 'T-Mobile' },
  { firstName: 'Priya', amount: 23.4, merchant: 'HelloFresh' },
  { firstName: 'Marcus', amount: 30, merchant: 'The New York Times' },
];

/**
 * docs/onboarding.md, "The signup funnel": first after 3 s, then every 10 s, each shown for about
 * 3.5 s.
 */
export const SAVINGS_TOAST_TIMING = {
  firstDelayMs: 3000,
  intervalMs: 10_000,
  visibleMs: 3500,
} as const;
