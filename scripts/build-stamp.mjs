/**
 * When a build is stale: its stamp file is missing, or any of its sources (files or folders,
 * relative to the repository) changed after the stamp. Shared by the web and server builds.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isStale(stampFile, sources) {
  if (!fs.existsSync(stampFile)) return true;
  const built = fs.statSync(stampFile).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}
