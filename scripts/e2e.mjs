/**
 * `npm run test:e2e`: Playwright journeys in the system Chromium against the real built server.
 * No Chromium is a failure with instructions, never a silent skip.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `\nThe browser tests need Chromium, and none was found at ${chromium}.\n` +
      'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a\n' +
      'Chromium or Chrome binary, then run `npm run test:e2e` again.\n',
  );
  process.exit(1);
}

ensureWebBuild();
ensureServerBuild();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
