/**
 * `npm run bench:detect:compare -- REF [--runs 3] [--warmups 10] [--pairs 30]` (in the
 * package, `npm run bench:compare -- REF`): this checkout's engine against the engine at REF (a
 * commit, tag or branch) on the dev set.
 *
 * Why a comparison of its own: on a shared machine one run against another says little — the
 * same engine reads 90 ms a dev-set pass in one stretch and 150 ms in the next (the detection
 * README, "Why figures on this machine jump"), stretches that come and go within seconds, so
 * even processes run in turns disagree by a fifth on identical code. So both engines, bundled
 * as the server runs them (esbuild, ESM, Node 20), run in one process, a pass of one right
 * after a pass of the other (`compare-run.ts`), and what is compared is each pair's ratio: the
 * median of those ratios over a few such processes agrees to about 3% on identical code. Each
 * engine's median milliseconds a pass and transactions per second are printed, and REF's time
 * over this checkout's (above 1: this checkout is faster), per process and over all pairs. REF's
 * engine is read from git (`git archive`) with the contracts package of the same commit.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForNode as bundle } from './bundle.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    warmups: { type: 'string', default: '10' },
    pairs: { type: 'string', default: '30' },
  },
});
const [ref] = positionals;
if (!ref) {
  console.error('usage: compare.mjs REF [--runs 3] [--warmups 10] [--pairs 30]');
  process.exit(2);
}
const runs = Number(values.runs);
const root = path.resolve(import.meta.dirname, '../../..');
// In the package's dist/ (ignored by git), at the depth of bench/: the runner finds the dev set
// from its own folder, as `bench/run.mjs`'s bundle does.
const dist = path.join(import.meta.dirname, '../dist');
mkdirSync(dist, { recursive: true });

const git = (args) => {
  const result = spawnSync('git', ['-C', root, ...args], { maxBuffer: 1 << 28 });
  if (result.status !== 0) {
    console.error(`git ${args.join(' ')}: ${result.stderr.toString().trim()}`);
    process.exit(2);
  }
  return result.stdout;
};
const commit = git(['rev-parse', '--short', `${ref}^{commit}`])
  .toString()
  .trim();

const runner = await bundle(
  path.join(import.meta.dirname, 'compare-run.ts'),
  path.join(dist, 'compare-run.mjs'),
);
const here = await bundle(
  path.join(root, 'packages/recurring/src/index.ts'),
  path.join(dist, 'compare-here.mjs'),
);
const checkout = mkdtempSync(path.join(tmpdir(), 'billow-compare-'));
let there;
try {
  const archive = git([
    'archive',
    '--format=tar',
    commit,
    'tsconfig.base.json',
    'packages/recurring',
    'packages/contracts',
  ]);
  const untar = spawnSync('tar', ['-x', '-C', checkout], { input: archive });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr.toString().trim()}`);
  there = await bundle(
    path.join(checkout, 'packages/recurring/src/index.ts'),
    path.join(dist, `compare-${commit}.mjs`),
    { '@billow/contracts': path.join(checkout, 'packages/contracts/src/index.ts') },
  );
} finally {
  rmSync(checkout, { recursive: true, force: true });
}

const mine = { wallMs: [], cpuMs: [] };
const theirs = { wallMs: [], cpuMs: [] };
const ratios = [];
const perRun = [];
let transactions = 0;
for (let run = 0; run < runs; run++) {
  const child = spawnSync(process.execPath, [runner, here, there, values.warmups, values.pairs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) process.exit(child.status ?? 1);
  const result = JSON.parse(child.stdout.toString());
  transactions = result.transactions;
  const runRatios = result.a.map((pass, pair) => result.b[pair].wallMs / pass.wallMs);
  for (const [side, passes] of [
    [mine, result.a],
    [theirs, result.b],
  ]) {
    side.wallMs.push(...passes.map((pass) => pass.wallMs));
    side.cpuMs.push(...passes.map((pass) => pass.cpuMs));
  }
  ratios.push(...runRatios);
  perRun.push(median(runRatios));
}

const rate = (ms) => `${(transactions / ms / 1000).toFixed(2)} M tx/s`;
const summary = (name, side) => ({
  name,
  wallMs: median(side.wallMs),
  cpuMs: median(side.cpuMs),
});
const sides = [summary('this checkout', mine), summary(`${ref} (${commit})`, theirs)];
console.log(
  `detection on the dev set (${transactions.toLocaleString('en-US')} transactions): ${runs} ` +
    `processes, each ${values.warmups} warm-up passes of both engines, then ${values.pairs} ` +
    `pairs of passes, one of each engine back to back`,
);
for (const side of sides) {
  console.log(
    `  ${side.name.padEnd(28)} ${side.wallMs.toFixed(1).padStart(7)} ms a pass (median), ` +
      `${rate(side.wallMs)} wall, ${rate(side.cpuMs)} per CPU second`,
  );
}
const ratio = median(ratios);
console.log(
  `  ${ref} takes ${ratio.toFixed(2)}× this checkout's time (median of ${ratios.length} pairs; ` +
    `process by process ${perRun.map((value) => value.toFixed(2)).join(', ')})`,
);
console.log(JSON.stringify({ ref, commit, transactions, ratio, perRun, sides }));

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
