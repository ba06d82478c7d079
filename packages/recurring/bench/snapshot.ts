/**
 * `tsx bench/snapshot.ts <out.jsonl> [--compare <before.jsonl>]`: the engine's full output on
 * both corpora (the bench's own corpus and the dev set), one JSON line per household. Used to
 * prove that a speed change leaves every stream — ids, cadence, next date, status, amounts,
 * evidence — exactly as it was: write a snapshot before, then compare after each step.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCorpus } from '../src/corpus/generate';
import { detectRecurring, type Transaction } from '../src/index';
import { findDevSet } from './dev-set';

const SEED = 20_260_331;
const MIN_TRANSACTIONS = 1_000_000;

function* households(): Generator<{ id: string; transactions: Transaction[]; asOf?: string }> {
  let total = 0;
  for (let batch = 0; total < MIN_TRANSACTIONS; batch++) {
    for (const user of generateCorpus({ seed: SEED + batch, users: 100 })) {
      total += user.transactions.length;
      yield { id: `b${batch}-${user.userId}`, transactions: user.transactions, asOf: user.asOf };
    }
  }
  const dev = findDevSet();
  if (!dev) throw new Error('dev set not found');
  for (const file of readdirSync(dev)
    .filter((name) => /^user_\d+\.json$/.test(name))
    .sort()) {
    const { transactions } = JSON.parse(readFileSync(join(dev, file), 'utf8')) as {
      transactions: Transaction[];
    };
    yield { id: `dev-${file}`, transactions };
  }
}

const [out, flag, before] = process.argv.slice(2);
if (!out) throw new Error('usage: snapshot.ts <out.jsonl> [--compare <before.jsonl>]');
const lines: string[] = [];
for (const { id, transactions, asOf } of households()) {
  const streams = detectRecurring(transactions, asOf ? { asOf } : {});
  lines.push(JSON.stringify({ id, streams }));
}
writeFileSync(out, lines.join('\n') + '\n');
const digest = createHash('sha256').update(lines.join('\n')).digest('hex');
console.log(`${lines.length} households, sha256 ${digest}`);
if (flag === '--compare' && before) {
  const old = readFileSync(before, 'utf8').trimEnd().split('\n');
  let differing = 0;
  lines.forEach((line, index) => {
    if (line === old[index]) return;
    if (differing++ < 5) {
      console.log(`differs: ${line.slice(0, 40)}`);
      console.log(`  before: ${(old[index] ?? '').slice(0, 600)}`);
      console.log(`  after:  ${line.slice(0, 600)}`);
    }
  });
  if (old.length !== lines.length) console.log(`household count ${old.length} → ${lines.length}`);
  console.log(differing === 0 && old.length === lines.length ? 'IDENTICAL' : `${differing} differ`);
  if (differing > 0) process.exitCode = 1;
}
