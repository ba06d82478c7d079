/**
 * `npm run dev`: the API (restarting on change, port 3000) and the Vite dev server (port 5173,
 * proxying /api and /ws to the API) side by side. Stops both on Ctrl+C.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts', 'all'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SERVE_WEB: 'false' },
  }),
  spawn('npx', ['vite', '--strictPort'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('\n  Billow dev: open http://localhost:5173 (API on http://localhost:3000)\n');

let isStopping = false;
function stop(code = 0) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
