/**
 * `npm run bench:app`: figures for the web bundle and the server start-up, printed, never
 * asserted. Initial JS for / is every script index.html loads or preloads, gzipped; start-up
 * is the time from spawning `npm start`'s entry (warm build, fresh data folder) to a healthy
 * /api/health, the median of a few runs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');

ensureWebBuild();
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const initialJs = scripts.reduce((sum, file) => sum + gz(file), 0);
const allJs = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + gz(`/assets/${f}`), 0);
const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].reduce(
  (sum, m) => sum + gz(m[1]),
  0,
);

async function startOnce(port, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', 'all'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BILLOW_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const response = await fetch(`http://localhost:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return elapsed;
}

const runs = [];
for (let i = 0; i < 3; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billow-bench-'));
  runs.push(await startOnce(3900 + i, dataDir));
  runs.push(await startOnce(3950 + i, dataDir)); // restart on an existing data folder
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const fresh = runs.filter((_, i) => i % 2 === 0).sort((a, b) => a - b);
const warm = runs.filter((_, i) => i % 2 === 1).sort((a, b) => a - b);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

console.log('Billow app bench');
console.log(`  initial JS for / (gzip)           ${kb(initialJs)}  (${scripts.length} files)`);
console.log(`  all JS chunks (gzip)              ${kb(allJs)}`);
console.log(`  CSS (gzip)                        ${kb(css)}`);
console.log(
  `  npm start → healthy, new data     ${(fresh[1] / 1000).toFixed(2)} s (median of ${fresh.length})`,
);
console.log(
  `  npm start → healthy, existing     ${(warm[1] / 1000).toFixed(2)} s (median of ${warm.length})`,
);
console.log(
  JSON.stringify({
    initialJsGzipBytes: initialJs,
    allJsGzipBytes: allJs,
    cssGzipBytes: css,
    startupFreshMs: Math.round(fresh[1]),
    startupExistingMs: Math.round(warm[1]),
  }),
);
