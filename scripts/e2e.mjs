/**
 * `npm run test:e2e`: Playwright journeys in the system Chromium against the real built server.
 * No Chromium is a failure with instructions, never a silent skip.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { initialJsPerRoute, overBudget } from './bench/initial-js.mjs';
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
// What each route loads before it paints stays within its budget (scripts/bench/initial-js.mjs):
// checked here, on the build the journeys run against, so a regression fails the run.
const overBudgetRoutes = overBudget(initialJsPerRoute(path.join(root, 'apps/web/dist')));
if (overBudgetRoutes.length > 0) {
  console.error(`\nInitial JS over budget:\n  ${overBudgetRoutes.join('\n  ')}\n`);
  process.exit(1);
}
ensureServerBuild();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
