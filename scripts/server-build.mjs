/**
 * Builds the server ahead of time into apps/server/dist (an esbuild bundle of the server, the
 * workspace packages it uses and most of node_modules; see EXTERNAL_PACKAGES), so `npm start` runs
 * plain JavaScript instead of compiling TypeScript on every start. Like the web build, it is
 * rebuilt whenever it is missing or older than any of its sources, so a stale bundle never runs.
 * Provider SDKs and rarely used modules are imported where they are first needed, and stay
 * separate chunks of the bundle, loaded only then.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isStale } from './build-stamp.mjs';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
const stampFile = path.join(outDir, '.build-stamp');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/recurring/src',
  'packages/recurring/package.json',
  'packages/sandbox-bank/src',
  'packages/sandbox-bank/package.json',
  'package-lock.json',
  'scripts/server-build.mjs',
];

/** The bundle's entry point, for `scripts/start.mjs`. */
export const serverEntry = path.join(outDir, 'main.mjs');
/** What `scripts/start.mjs` begins before importing the bundle's entry point. */
export const earlyStartEntry = path.join(outDir, 'early-start.mjs');

export function isServerBuildStale() {
  return isStale(stampFile, sources);
}

/**
 * A bundled module no longer sits where its source did; the few that find files next to them
 * (the migrations, the repository root) are given their source folder back.
 */
const sourceFolders = (into) => ({
  name: 'source-folders',
  setup(build) {
    build.onLoad({ filter: /apps[\\/]server[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const folder = path.relative(into, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.dirname', `(import.meta.dirname + '/${folder}')`),
        loader: 'ts',
      };
    });
  },
});

/**
 * The packages from node_modules that stay imports at run time; every other is bundled, which
 * halved the CPU time of loading the server (Node resolves and reads hundreds of small files
 * otherwise). These find files beside their own code (PGlite's WebAssembly and data, pino's
 * transports run in worker threads, Swagger UI's files), are native or optional
 * native add-ons, or are the provider SDKs loaded only when configured.
 */
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  'thread-stream',
  'swagger-ui-dist',
  'esbuild',
  'bufferutil',
  'utf-8-validate',
  'pg-native',
  'plaid',
  'twilio',
  'openai',
  '@vapi-ai/server-sdk',
  'nodemailer',
  'web-push',
];

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL_PACKAGES.includes(packageOf(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * node-postgres asks whether it runs on Cloudflare Workers when it loads, and on Node 20 (which
 * has no `navigator`) it asks by making a fetch `Response`: that loads Node's whole fetch
 * implementation (undici), which nothing else needs at start: 50–60 ms of the start's CPU
 * (docs/performance-history.md). This bundle runs on Node only: the answer is no. When a new
 * pg no longer has the question in these words, the build fails, so it is looked at again.
 */
const PG_CLOUDFLARE_CHECK = "if (typeof Response === 'function') {";
const pgOnNode = {
  name: 'pg-on-node',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes(PG_CLOUDFLARE_CHECK))
        throw new Error(`pg's Cloudflare check changed (${args.path}): see pgOnNode`);
      return { contents: text.replace(PG_CLOUDFLARE_CHECK, 'if (false) {'), loader: 'js' };
    });
  },
};

/** Bundled CommonJS packages still `require` Node's own modules. */
const requireInEsm =
  "import { createRequire as createRequireOfBundle } from 'node:module'; " +
  'const require = createRequireOfBundle(import.meta.url);';

async function build(into) {
  const esbuild = await import('esbuild');
  // The embedded database's template outlives a rebuild of the code (below).
  for (const entry of fs.existsSync(into) ? fs.readdirSync(into) : [])
    if (!/^pglite-[\d.]+-/.test(entry)) fs.rmSync(path.join(into, entry), { recursive: true });
  await esbuild.build({
    absWorkingDir: serverDir,
    entryPoints: [
      { in: 'src/main.ts', out: 'main' },
      // Imported by scripts/start.mjs before main, to begin work while main loads.
      { in: 'src/early-start.ts', out: 'early-start' },
      // Beside the bundle under the name the reader asks for (import-file-reader.ts).
      { in: 'src/modules/imports/import-file.worker.ts', out: 'import-file.worker' },
      { in: 'src/db/pglite-template.ts', out: 'pglite-template' },
    ],
    outdir: into,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceFolders(into), pgOnNode],
    banner: { js: requireInEsm },
  });
  for (const entry of fs.readdirSync(into))
    if (entry.endsWith('.mjs')) asciiOnly(path.join(into, entry));
}

/**
 * V8 keeps each loaded script's source in memory, at one byte a character only when every
 * character fits in one; a single "—" in a kept comment doubles the whole file. esbuild escapes
 * strings but keeps comments and regular expressions as written, so what is left is escaped
 * here (`\uXXXX` means the same character in a regular expression, and nothing in a comment).
 * The kept sources went from 9.7 to 5 MB of the server's heap on PostgreSQL (README, "Memory").
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  const ascii = text.replace(
    /[^\t\n\r\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== text) fs.writeFileSync(file, ascii);
}

/**
 * The embedded database's template, made with the build's own code when the code it holds
 * changed (its name says what it holds: pglite-template.ts); older ones are removed.
 */
async function ensureTemplate() {
  const template = await import(pathToFileURL(path.join(outDir, 'pglite-template.mjs')).href);
  const dir = template.pgliteTemplateDir();
  if (fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(outDir))
    if (/^pglite-[\d.]+-/.test(entry))
      fs.rmSync(path.join(outDir, entry), { recursive: true, force: true });
  console.log('Making the template of a new embedded database…');
  await template.writePgliteTemplate();
}

/**
 * Several processes may start at once (test suites, a second terminal): one builds while the
 * others wait for it, then find the build fresh.
 */
const lockDir = path.join(root, 'node_modules/.cache/billow-server-build.lock');
const LOCK_ABANDONED_MS = 5 * 60_000;

function withBuildLock(work) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A build that died leaves its lock behind: one older than any build is taken over.
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > LOCK_ABANDONED_MS) fs.rmSync(lockDir, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

export function ensureServerBuild({ force = false } = {}) {
  if (!force && !isServerBuildStale()) return;
  let failure;
  withBuildLock(() => {
    if (!force && !isServerBuildStale()) return;
    console.log(
      force ? 'Building the server…' : 'The server build is missing or stale; building it…',
    );
    // The stamp carries the time the build began: a source saved while it ran is newer.
    const started = new Date();
    const result = spawnSync(process.execPath, [import.meta.filename, '--now'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      failure = result.status ?? 1;
      return;
    }
    fs.writeFileSync(stampFile, started.toISOString());
    fs.utimesSync(stampFile, started, started);
  });
  if (failure !== undefined) {
    console.error('The server failed to build.');
    process.exit(failure);
  }
}

// `--now [--out folder]`: build without looking at the stamp (a test builds into a folder of its own).
if (process.argv[1] === import.meta.filename) {
  const out = process.argv.indexOf('--out');
  if (out > 0) await build(path.resolve(process.argv[out + 1]));
  else if (process.argv.includes('--now')) {
    await build(outDir);
    await ensureTemplate();
  } else ensureServerBuild({ force: process.argv.includes('--force') });
}
