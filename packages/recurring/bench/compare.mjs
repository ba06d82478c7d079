/**
 * `npm run bench:detect:compare -- REF [--rounds 6] [--warmups 10] [--passes 15]` (in the
 * package, `npm run bench:compare -- REF`): this checkout's engine against the engine at REF (a
 * commit, tag or branch) on the dev set.
 *
 * Why a comparison of its own: on a shared machine one run against another says little — the
 * same engine reads 90 ms a dev-set pass in one stretch and 150 ms in the next (the detection
 * README, "Why figures on this machine jump"). So both engines are bundled as the server runs
 * them (esbuild, ESM, Node 20), and each round runs one process per engine, in turns (this
 * checkout first in even rounds, REF first in odd ones), each after the same warm-up; a stretch
 * of slow machine then slows both. Printed: milliseconds a pass, the median of the rounds'
 * medians and the fastest round's, transactions per second, and REF's time over this checkout's
 * (above 1: this checkout is faster). REF's engine is read from git (`git archive`) with the
 * contracts package of the same commit.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '6' },
    warmups: { type: 'string', default: '10' },
    passes: { type: 'string', default: '15' },
  },
});
const [ref] = positionals;
if (!ref) {
  console.error('usage: compare.mjs REF [--rounds 6] [--warmups 10] [--passes 15]');
  process.exit(2);
}
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, '../../..');
// In the package's dist/ (ignored by git), at the depth of bench/: the runner finds the dev set
// from its own folder, as `bench/run.mjs`'s bundle does.
const dist = path.join(import.meta.dirname, '../dist');
mkdirSync(dist, { recursive: true });

const git = (args, input) => {
  const result = spawnSync('git', ['-C', root, ...args], { input, maxBuffer: 1 << 28 });
  if (result.status !== 0) {
    console.error(`git ${args.join(' ')}: ${result.stderr.toString().trim()}`);
    process.exit(2);
  }
  return result.stdout;
};
const commit = git(['rev-parse', '--short', `${ref}^{commit}`])
  .toString()
  .trim();

const bundle = async (entry, outfile, alias) => {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    alias,
    nodePaths: [path.join(root, 'node_modules')],
  });
  return outfile;
};

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

const sides = [
  { name: 'this checkout', bundle: here, runs: [] },
  { name: `${ref} (${commit})`, bundle: there, runs: [] },
];
let transactions = 0;
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const run = spawnSync(process.execPath, [runner, side.bundle, values.warmups, values.passes], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
    const result = JSON.parse(run.stdout.toString());
    transactions = result.transactions;
    side.runs.push({ wall: median(result.wallMs), cpu: median(result.cpuMs) });
  }
}

const summaries = sides.map((side) => ({
  name: side.name,
  wallMs: median(side.runs.map((run) => run.wall)),
  fastestWallMs: Math.min(...side.runs.map((run) => run.wall)),
  cpuMs: median(side.runs.map((run) => run.cpu)),
}));
const [mine, theirs] = summaries;
const rate = (ms) => `${(transactions / ms / 1000).toFixed(2)} M tx/s`;
console.log(
  `detection on the dev set (${transactions.toLocaleString('en-US')} transactions): ${rounds} ` +
    `rounds, one process per engine in turns, each ${values.warmups} warm-up passes and the ` +
    `median of ${values.passes}`,
);
for (const side of summaries) {
  console.log(
    `  ${side.name.padEnd(28)} ${side.wallMs.toFixed(1).padStart(7)} ms a pass ` +
      `(fastest round ${side.fastestWallMs.toFixed(1)}), ${rate(side.wallMs)} wall, ` +
      `${rate(side.cpuMs)} per CPU second`,
  );
}
console.log(
  `  ${ref} takes ${(theirs.wallMs / mine.wallMs).toFixed(2)}× this checkout's time ` +
    `(fastest rounds ${(theirs.fastestWallMs / mine.fastestWallMs).toFixed(2)}×)`,
);
console.log(JSON.stringify({ ref, commit, transactions, rounds, sides: summaries }));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
