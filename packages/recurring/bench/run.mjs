/**
 * `npm run bench:detect`: runs `detect.bench.ts` as the server runs the engine, an esbuild bundle
 * (ESM, Node 20, as `scripts/server-build.mjs` builds it) run by plain Node. Through tsx, which
 * keeps function names, every closure the engine makes per call is also wrapped in a naming
 * call: the figures would then be of code the app never runs. Arguments pass through.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundleForNode } from './bundle.mjs';

// In the package's dist/ (ignored by git): `dev-set.ts` finds the dev set from its own folder,
// two levels below the repository, as the bench's sources are.
const bundle = await bundleForNode(
  path.join(import.meta.dirname, 'detect.bench.ts'),
  path.join(import.meta.dirname, '../dist/detect.bench.mjs'),
);
const run = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
