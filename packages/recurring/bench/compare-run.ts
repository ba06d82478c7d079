/**
 * One side of `bench/compare.mjs`: loads an engine bundle, detects the dev set's households
 * (each as the CLI does, as of its latest transaction) through warm-up passes and then timed
 * ones, and prints one JSON line: every timed pass's wall and CPU milliseconds. Run in a
 * process of its own, so the two engines compared never share a heap or a JIT.
 *
 *   node dist/compare-run.mjs ENGINE_BUNDLE WARMUPS PASSES
 */
import { pathToFileURL } from 'node:url';
import type { RecurringStream, Transaction } from '../src/index';
import { devSetTransactions, findDevSet } from './dev-set';

type Engine = { detectRecurring: (transactions: readonly Transaction[]) => RecurringStream[] };

const [bundle, warmupsText = '10', passesText = '15'] = process.argv.slice(2);
const folder = findDevSet();
if (!bundle || !folder) {
  console.error(
    bundle ? 'no dev set found (set RECURRING_DEV_SET)' : 'usage: ENGINE WARMUPS PASSES',
  );
  process.exit(2);
}
const { detectRecurring } = (await import(pathToFileURL(bundle).href)) as Engine;
const households = devSetTransactions(folder);
const detectAll = (): void => {
  for (const transactions of households) detectRecurring(transactions);
};
for (let pass = 0; pass < Number(warmupsText); pass++) detectAll();
const wallMs: number[] = [];
const cpuMs: number[] = [];
for (let pass = 0; pass < Number(passesText); pass++) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  detectAll();
  wallMs.push(performance.now() - start);
  const used = process.cpuUsage(cpuStart);
  cpuMs.push((used.user + used.system) / 1000);
}
const transactions = households.reduce((sum, list) => sum + list.length, 0);
console.log(JSON.stringify({ transactions, wallMs, cpuMs }));
