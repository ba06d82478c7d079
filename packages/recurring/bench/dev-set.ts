/**
 * The independently written dev set (`../shared/recurring-dev/` beside the clone, or the folder
 * in RECURRING_DEV_SET): 40 labelled households the engine was not built alongside. Scored here
 * in-process with the rules of its own `evaluate.py` — a predicted stream matches a true one at
 * Jaccard ≥ 0.5 over outflow ids (one-to-one, best first), predicted streams made mostly of
 * inflows or own-account transfers are not scored, and the next date is judged ±3 days on
 * matched streams still active — so the bench can print both corpora side by side. Nothing of
 * the dev set is copied into the repository.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectRecurring, type RecurringStream, type Transaction } from '../src/index';
import { measureThroughput } from './throughput';

type LabelledStream = {
  cadence: string;
  active: boolean;
  next_date: string | null;
  transaction_ids: string[];
};
type UserLabels = { streams: LabelledStream[]; neutral?: string[] };

export type DevSetScore = {
  users: number;
  transactions: number;
  truthCount: number;
  detectedCount: number;
  matchedCount: number;
  precision: number;
  recall: number;
  f1: number;
  cadenceAccuracy: number;
  nextDateWithin3Days: number;
  transactionsPerSecond: number;
  transactionsPerCpuSecond: number;
};

const JACCARD = 0.5;
const NEXT_DATE_TOLERANCE_DAYS = 3;
const DAY_MS = 86_400_000;

/**
 * The dev set's corpus folder, or null when it is absent: RECURRING_DEV_SET when set, else
 * `shared/recurring-dev` beside the clone (or beside a folder holding the clone, as for a git
 * worktree under `wt/`).
 */
export function findDevSet(): string | null {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const folders = process.env.RECURRING_DEV_SET
    ? [process.env.RECURRING_DEV_SET]
    : [1, 2].map((up) => resolve(root, '../'.repeat(up), 'shared/recurring-dev'));
  for (const folder of folders) {
    const corpus = join(folder, 'corpus');
    if (existsSync(join(corpus, 'labels.json'))) return corpus;
  }
  return null;
}

type Household = { id: string; transactions: Transaction[]; labels: UserLabels };

function load(corpus: string): Household[] {
  const labels = (
    JSON.parse(readFileSync(join(corpus, 'labels.json'), 'utf8')) as {
      users: Record<string, UserLabels>;
    }
  ).users;
  return readdirSync(corpus)
    .filter((file) => /^user_\d+\.json$/.test(file))
    .sort()
    .flatMap((file) => {
      const id = file.replace(/\.json$/, '');
      const userLabels = labels[id];
      if (!userLabels) return [];
      const { transactions } = JSON.parse(readFileSync(join(corpus, file), 'utf8')) as {
        transactions: Transaction[];
      };
      return [{ id, transactions, labels: userLabels }];
    });
}

/** Each household's transactions, in the order of their files: what the bench detects. */
export function devSetTransactions(corpus: string): Transaction[][] {
  return load(corpus).map((household) => household.transactions);
}

type Tally = {
  truth: number;
  detected: number;
  matched: number;
  cadenceRight: number;
  nextJudged: number;
  nextRight: number;
};

function scoreHousehold(
  household: Household,
  streams: readonly RecurringStream[],
  tally: Tally,
): void {
  const amountOf = new Map(household.transactions.map((t) => [t.id, t.amount]));
  const neutral = new Set(household.labels.neutral ?? []);
  const truths = household.labels.streams;
  const ownerOf = new Map<string, number>();
  truths.forEach((truth, index) => {
    for (const id of truth.transaction_ids) ownerOf.set(id, index);
  });
  const isExcluded = (id: string): boolean =>
    neutral.has(id) || (amountOf.has(id) && (amountOf.get(id) ?? 0) <= 0);
  const predictions: Array<{ stream: RecurringStream; ids: Set<string> }> = [];
  for (const stream of streams) {
    const ids = [...new Set(stream.transaction_ids)];
    const excluded = ids.filter(isExcluded).length;
    if (ids.length === 0 || 2 * excluded > ids.length) continue;
    predictions.push({ stream, ids: new Set(ids.filter((id) => !isExcluded(id))) });
  }
  const pairs: Array<{ jaccard: number; p: number; t: number }> = [];
  predictions.forEach(({ ids }, p) => {
    const owners = new Set(
      [...ids].flatMap((id) => (ownerOf.has(id) ? [ownerOf.get(id) ?? 0] : [])),
    );
    for (const t of owners) {
      const truthIds = new Set(truths[t]?.transaction_ids ?? []);
      const shared = [...ids].filter((id) => truthIds.has(id)).length;
      const jaccard = shared / (ids.size + truthIds.size - shared);
      if (jaccard >= JACCARD) pairs.push({ jaccard, p, t });
    }
  });
  pairs.sort((a, b) => b.jaccard - a.jaccard || a.p - b.p || a.t - b.t);
  const usedP = new Set<number>();
  const usedT = new Set<number>();
  tally.truth += truths.length;
  tally.detected += predictions.length;
  for (const { p, t } of pairs) {
    if (usedP.has(p) || usedT.has(t)) continue;
    usedP.add(p);
    usedT.add(t);
    tally.matched++;
    const truth = truths[t];
    const stream = predictions[p]?.stream;
    if (!truth || !stream) continue;
    if (stream.cadence === truth.cadence) tally.cadenceRight++;
    if (truth.active && truth.next_date) {
      tally.nextJudged++;
      const error =
        Math.abs(Date.parse(stream.predicted_next_date) - Date.parse(truth.next_date)) / DAY_MS;
      if (error <= NEXT_DATE_TOLERANCE_DAYS) tally.nextRight++;
    }
  }
}

/** Detects every household as the CLI does (as of its latest transaction) and scores it. */
export function scoreDevSet(corpus: string): DevSetScore {
  const households = load(corpus);
  const transactions = households.reduce((sum, h) => sum + h.transactions.length, 0);
  const detectAll = (): RecurringStream[][] =>
    households.map((household) => detectRecurring(household.transactions));
  const { throughput, result: detected } = measureThroughput(detectAll, transactions, {
    warmups: 2,
    passes: 9,
  });
  const tally: Tally = {
    truth: 0,
    detected: 0,
    matched: 0,
    cadenceRight: 0,
    nextJudged: 0,
    nextRight: 0,
  };
  households.forEach((household, index) => scoreHousehold(household, detected[index] ?? [], tally));
  const precision = tally.detected > 0 ? tally.matched / tally.detected : 0;
  const recall = tally.truth > 0 ? tally.matched / tally.truth : 0;
  return {
    users: households.length,
    transactions,
    truthCount: tally.truth,
    detectedCount: tally.detected,
    matchedCount: tally.matched,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    cadenceAccuracy: tally.matched > 0 ? tally.cadenceRight / tally.matched : 0,
    nextDateWithin3Days: tally.nextJudged > 0 ? tally.nextRight / tally.nextJudged : 0,
    transactionsPerSecond: throughput.perWallSecond,
    transactionsPerCpuSecond: throughput.perCpuSecond,
  };
}
