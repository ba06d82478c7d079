/**
 * Scores detected streams against corpus labels. A detected stream matches a true one when
 * their transaction-id sets overlap with Jaccard ≥ 0.5; matching is one-to-one, best overlap
 * first. Reports stream-level precision/recall/F1, cadence accuracy and next-date accuracy
 * (±3 days) over matched streams.
 */
import { parseIsoDate } from '../dates';
import type { RecurringStream } from '../types';
import type { TrueStream } from './generate';

type Score = {
  truthCount: number;
  detectedCount: number;
  matchedCount: number;
  precision: number;
  recall: number;
  f1: number;
  cadenceAccuracy: number;
  nextDateWithin3Days: number;
};

export type UserMatch = {
  matches: Array<{ truth: TrueStream; detected: RecurringStream; jaccard: number }>;
  missed: TrueStream[];
  spurious: RecurringStream[];
};

const MIN_JACCARD = 0.5;

function jaccard(a: ReadonlySet<string>, b: readonly string[]): number {
  let shared = 0;
  for (const id of b) if (a.has(id)) shared++;
  const union = a.size + b.length - shared;
  return union === 0 ? 0 : shared / union;
}

export function matchUser(
  truths: readonly TrueStream[],
  detected: readonly RecurringStream[],
): UserMatch {
  const pairs: Array<{ truthIndex: number; detectedIndex: number; jaccard: number }> = [];
  truths.forEach((truth, truthIndex) => {
    const ids = new Set(truth.transactionIds);
    detected.forEach((stream, detectedIndex) => {
      const overlap = jaccard(ids, stream.transaction_ids);
      if (overlap >= MIN_JACCARD) pairs.push({ truthIndex, detectedIndex, jaccard: overlap });
    });
  });
  pairs.sort((a, b) => b.jaccard - a.jaccard);
  const usedTruths = new Set<number>();
  const usedDetected = new Set<number>();
  const matches: UserMatch['matches'] = [];
  for (const pair of pairs) {
    if (usedTruths.has(pair.truthIndex) || usedDetected.has(pair.detectedIndex)) continue;
    const truth = truths[pair.truthIndex];
    const stream = detected[pair.detectedIndex];
    if (!truth || !stream) continue;
    usedTruths.add(pair.truthIndex);
    usedDetected.add(pair.detectedIndex);
    matches.push({ truth, detected: stream, jaccard: pair.jaccard });
  }
  return {
    matches,
    missed: truths.filter((_, index) => !usedTruths.has(index)),
    spurious: detected.filter((_, index) => !usedDetected.has(index)),
  };
}

export function summarise(results: readonly UserMatch[]): Score {
  let truthCount = 0;
  let detectedCount = 0;
  let matchedCount = 0;
  let cadenceHits = 0;
  let nextDateHits = 0;
  for (const result of results) {
    matchedCount += result.matches.length;
    truthCount += result.matches.length + result.missed.length;
    detectedCount += result.matches.length + result.spurious.length;
    for (const { truth, detected } of result.matches) {
      if (truth.cadence === detected.cadence) cadenceHits++;
      const gap = Math.abs(
        parseIsoDate(truth.nextDate) - parseIsoDate(detected.predicted_next_date),
      );
      if (gap <= 3) nextDateHits++;
    }
  }
  const precision = detectedCount === 0 ? 1 : matchedCount / detectedCount;
  const recall = truthCount === 0 ? 1 : matchedCount / truthCount;
  return {
    truthCount,
    detectedCount,
    matchedCount,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    cadenceAccuracy: matchedCount === 0 ? 1 : cadenceHits / matchedCount,
    nextDateWithin3Days: matchedCount === 0 ? 1 : nextDateHits / matchedCount,
  };
}
