/**
 * The engine as the server runs it: one esbuild bundle (ESM, Node 20, as
 * `scripts/server-build.mjs` builds it) for plain Node. Shared by `run.mjs` and `compare.mjs`.
 * `alias` maps a package to another source (an older commit's contracts); packages resolve from
 * the repository's `node_modules`, also for sources outside it.
 */
import path from 'node:path';
import { build } from 'esbuild';

const nodeModules = path.resolve(import.meta.dirname, '../../../node_modules');

export async function bundleForNode(entry, outfile, alias = undefined) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    alias,
    nodePaths: [nodeModules],
  });
  return outfile;
}
