/**
 * Plain-English reasons shown next to a detected stream, so a person can check the call
 * ("Charged 14 times, about every month, most recently $15.49 on Mar 3, 2026").
 */
import { formatDollars } from '@billow/contracts';
import type { KnownCadence } from './cadence';
import type { Charge } from './charges';
import { formatHumanDate, formatMonthYear } from './dates';

const RHYTHM: Record<KnownCadence, string> = {
  DAILY: 'about every day',
  WEEKLY: 'about every week',
  BIWEEKLY: 'about every two weeks',
  SEMI_MONTHLY: 'about twice a month',
  MONTHLY: 'about every month',
  QUARTERLY: 'about every three months',
  YEARLY: 'about every year',
};

type EvidenceFacts = {
  merchantName: string;
  cadence: KnownCadence;
  /** Successful charges, trial included, sorted by day. */
  paid: readonly Charge[];
  trial: Charge | null;
  isTrialOnly: boolean;
  isVariable: boolean;
  isKnownSubscriptionMerchant: boolean;
  priceChange: { from: number; to: number; day: number } | null;
  retries: ReadonlyArray<{ failed: Charge; retry: Charge }>;
  failedLast: Charge | null;
  skippedCount: number;
  cancelledSince: { lastDay: number; expectedDay: number } | null;
  trialEndsDay: number | null;
};

export function describeStream(facts: EvidenceFacts): string[] {
  const sentences: string[] = [];
  const last = facts.paid[facts.paid.length - 1];
  if (facts.isTrialOnly && facts.trial) {
    sentences.push(
      `Trial charge of ${formatDollars(facts.trial.amount)} on ${formatHumanDate(facts.trial.postedDay)}; ` +
        `the first full charge is expected around ${formatHumanDate(facts.trialEndsDay ?? facts.trial.postedDay)}`,
    );
  } else if (last) {
    const count = facts.paid.length;
    const times = count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
    sentences.push(
      `Charged ${times}, ${RHYTHM[facts.cadence]}, most recently ${formatDollars(last.amount)} on ${formatHumanDate(last.postedDay)}`,
    );
  }
  if (facts.priceChange) {
    const { from, to, day } = facts.priceChange;
    const direction = to > from ? 'up' : 'down';
    sentences.push(
      `Price went ${direction} from ${formatDollars(from)} to ${formatDollars(to)} in ${formatMonthYear(day)}`,
    );
  }
  if (facts.isVariable) {
    const amounts = facts.paid
      .filter((charge) => charge !== facts.trial)
      .map((charge) => charge.amount);
    sentences.push(
      `Amount varies from ${formatDollars(Math.min(...amounts))} to ${formatDollars(Math.max(...amounts))}, as a metered bill does`,
    );
  }
  if (facts.trial && !facts.isTrialOnly) {
    sentences.push(
      `Started with a ${formatDollars(facts.trial.amount)} trial charge on ${formatHumanDate(facts.trial.postedDay)}`,
    );
  }
  for (const { failed, retry } of facts.retries.slice(-1)) {
    sentences.push(
      `A ${formatDollars(failed.amount)} charge on ${formatHumanDate(failed.postedDay)} was reversed and charged again on ${formatHumanDate(retry.postedDay)}`,
    );
  }
  if (facts.failedLast) {
    sentences.push(
      `The latest charge of ${formatDollars(facts.failedLast.amount)} on ${formatHumanDate(facts.failedLast.postedDay)} was reversed, so the payment looks to have failed`,
    );
  }
  if (facts.skippedCount > 0) {
    const charges = facts.skippedCount === 1 ? 'charge was' : 'charges were';
    sentences.push(`${facts.skippedCount} expected ${charges} skipped`);
  }
  if (facts.cancelledSince) {
    sentences.push(
      `No charge since ${formatHumanDate(facts.cancelledSince.lastDay)} though one was expected around ${formatHumanDate(facts.cancelledSince.expectedDay)}, so it looks cancelled`,
    );
  }
  if (facts.isKnownSubscriptionMerchant) {
    sentences.push(`${facts.merchantName} is usually paid by subscription or as a regular bill`);
  }
  return sentences;
}
