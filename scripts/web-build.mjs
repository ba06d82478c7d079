/**
 * Builds the web app when its build is missing or older than any of its sources (the web app,
 * the shared contracts, or the lock file), so `npm start` always serves what is in the tree.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isStale } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'apps/web/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

export function isWebBuildStale() {
  return isStale(stampFile, sources);
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && !isWebBuildStale()) return;
  console.log(
    force ? 'Building the web app…' : 'The web app build is missing or stale; building it…',
  );
  // Quiet unless something is wrong: the terminal is where sign-in codes appear.
  const result = spawnSync(
    'npm',
    ['run', '--silent', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
  if (result.status !== 0) {
    console.error('The web app failed to build.');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, new Date().toISOString());
}

if (process.argv[1] === import.meta.filename)
  ensureWebBuild({ force: process.argv.includes('--force') });
