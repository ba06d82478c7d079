/**
 * Everything detection and the app need to know about each cadence, in one table: the nominal
 * period, how far a charge may drift from its slot, when a missing charge means the
 * subscription was cancelled, and the factor that turns one charge into a monthly amount.
 */
import type { Cadence } from './types';

export const CADENCES = [
  'DAILY',
  'WEEKLY',
  'BIWEEKLY',
  'SEMI_MONTHLY',
  'MONTHLY',
  'QUARTERLY',
  'YEARLY',
  'UNKNOWN',
] as const satisfies readonly Cadence[];

export type KnownCadence = Exclude<Cadence, 'UNKNOWN'>;

export type CadenceRule = {
  /** Average days between charges. */
  periodDays: number;
  /**
   * Days a charge may sit from its slot and still count as on time. Covers posting lag and
   * weekend shifts (±3 days) for the month-based cadences; weekly gets less because a wider
   * window would fit any day of the week.
   */
  toleranceDays: number;
  /** A charge later than this (a retry after a failure) still belongs to its slot. */
  lateDays: number;
  /** Days past the predicted date before a stream with no new charge counts as cancelled. */
  graceDays: number;
  /** One charge × this = monthly amount (docs/figures.md, "What you pay a month"). */
  monthlyFactor: number;
  /** Fewest charges before a stream is reported (exceptions in stream.ts `hasEnoughCharges`). */
  minCharges: number;
};

export const CADENCE_RULES: Record<KnownCadence, CadenceRule> = {
  DAILY: {
    periodDays: 1,
    toleranceDays: 0,
    lateDays: 1,
    graceDays: 3,
    monthlyFactor: 365 / 12,
    minCharges: 10,
  },
  WEEKLY: {
    periodDays: 7,
    toleranceDays: 2,
    lateDays: 3,
    graceDays: 4,
    monthlyFactor: 52 / 12,
    minCharges: 3,
  },
  BIWEEKLY: {
    periodDays: 14,
    toleranceDays: 3,
    lateDays: 5,
    graceDays: 6,
    monthlyFactor: 26 / 12,
    minCharges: 3,
  },
  SEMI_MONTHLY: {
    periodDays: 365.25 / 24,
    toleranceDays: 3,
    lateDays: 5,
    graceDays: 6,
    monthlyFactor: 2,
    minCharges: 3,
  },
  MONTHLY: {
    periodDays: 365.25 / 12,
    toleranceDays: 4,
    lateDays: 8,
    graceDays: 10,
    monthlyFactor: 1,
    minCharges: 3,
  },
  QUARTERLY: {
    periodDays: 365.25 / 4,
    toleranceDays: 5,
    lateDays: 10,
    graceDays: 20,
    monthlyFactor: 1 / 3,
    minCharges: 3,
  },
  YEARLY: {
    periodDays: 365.25,
    toleranceDays: 7,
    lateDays: 14,
    graceDays: 30,
    monthlyFactor: 1 / 12,
    minCharges: 2,
  },
};

/** Longest first: when two cadences explain a history equally well, the slower one wins. */
export const DETECTABLE_CADENCES: readonly KnownCadence[] = [
  'YEARLY',
  'QUARTERLY',
  'MONTHLY',
  'SEMI_MONTHLY',
  'BIWEEKLY',
  'WEEKLY',
  'DAILY',
];

/**
 * docs/figures.md, "What you pay a month": weekly ×52/12, biweekly ×26/12, semi-monthly ×2,
 * quarterly /3, yearly /12.
 */
export function monthlyAmount(amount: number, cadence: Cadence): number {
  if (cadence === 'UNKNOWN') return amount;
  return amount * CADENCE_RULES[cadence].monthlyFactor;
}
