/**
 * `npm run build -w apps/web`: the browser's build, then the public pages prerendered from a
 * server-side build of the same app (build/prerender-pages.ts). Options after the script
 * (`--logLevel warn`) go to both Vite builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type LogLevel } from 'vite';
import { prerenderPages } from './prerender-pages';

const root = path.resolve(import.meta.dirname, '..');
const flag = process.argv.indexOf('--logLevel');
const logLevel = flag === -1 ? undefined : (process.argv[flag + 1] as LogLevel);
const distDir = path.join(root, 'dist');
// Inside the app's folder, so the server-side bundle finds the packages it leaves external.
const ssrDir = path.join(root, 'node_modules/.prerender');

await build({ root, logLevel });
await build({
  root,
  logLevel,
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    copyPublicDir: false,
  },
  // The shared contracts are TypeScript sources: bundled, since Node cannot import them.
  ssr: { noExternal: ['@billow/contracts'] },
});
await prerenderPages({ distDir, ssrEntry: path.join(ssrDir, 'prerender.js') });
fs.rmSync(ssrDir, { recursive: true, force: true });
