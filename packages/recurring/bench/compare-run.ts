/**
 * One process of `bench/compare.mjs`: loads two engine bundles, detects the dev set's
 * households (each as the CLI does, as of its latest transaction) with each engine in turn
 * through warm-up passes, then times pairs of passes — one of each engine, back to back, the
 * first of a pair alternating — and prints one JSON line: each pass's wall and CPU milliseconds
 * per engine, pair by pair. Back to back, both passes of a pair meet the machine in the same
 * state, fast or slow.
 *
 *   node dist/compare-run.mjs ENGINE_A ENGINE_B WARMUPS PAIRS
 */
import { pathToFileURL } from 'node:url';
import type { RecurringStream, Transaction } from '../src/index';
import { devSetTransactions, findDevSet } from './dev-set';

type Detect = (transactions: readonly Transaction[]) => RecurringStream[];
type Pass = { wallMs: number; cpuMs: number };

const [first, second, warmupsText = '10', pairsText = '30'] = process.argv.slice(2);
const folder = findDevSet();
if (!first || !second || !folder) {
  console.error(
    folder ? 'usage: ENGINE_A ENGINE_B WARMUPS PAIRS' : 'no dev set (RECURRING_DEV_SET)',
  );
  process.exit(2);
}
const load = async (bundle: string): Promise<Detect> =>
  ((await import(pathToFileURL(bundle).href)) as { detectRecurring: Detect }).detectRecurring;
const engines = [await load(first), await load(second)] as const;
const households = devSetTransactions(folder);

function pass(detect: Detect): Pass {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (const transactions of households) detect(transactions);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

for (let warmup = 0; warmup < Number(warmupsText); warmup++) engines.forEach(pass);
const a: Pass[] = [];
const b: Pass[] = [];
for (let pair = 0; pair < Number(pairsText); pair++) {
  if (pair % 2 === 0) {
    a.push(pass(engines[0]));
    b.push(pass(engines[1]));
  } else {
    b.push(pass(engines[1]));
    a.push(pass(engines[0]));
  }
}
const transactions = households.reduce((sum, list) => sum + list.length, 0);
console.log(JSON.stringify({ transactions, a, b }));
