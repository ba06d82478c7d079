/**
 * What `npm start` begins before the server's code loads (scripts/start.mjs imports this entry
 * of the build first, and the server takes what it began): the embedded database's 9 MB of
 * WebAssembly is compiled, and its 6 MB file bundle read, while the main thread loads the
 * server's code. V8 compiles a module given to WebAssembly.compile on its background threads,
 * and the files are read on libuv's; PGlite then starts from the compiled module and the bytes
 * (its `pgliteWasmModule` and `fsBundle` options). Not begun with DATABASE_URL, where PGlite is
 * never loaded. Measured in docs/performance-history.md ("Memory and start-up").
 *
 * Imports nothing but Node's own modules, so it runs before anything else of the server loads.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

/** What PGlite.create takes instead of reading and compiling its files itself. */
export type PglitePreload = {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
};

let preload: Promise<PglitePreload> | undefined;

/**
 * PGlite's PostgreSQL is 9 MB of WebAssembly. V8 compiles it with its baseline compiler, then
 * recompiles the functions that run most with its optimising one, on the same cores the start
 * needs. Keeping the baseline code took the start on existing data from 2.3–2.9 s to 1.75–2.1 s
 * until healthy (CPU 3.1 → 1.9 s) and the settled process from 260 to 183 MB, while reads and a
 * bank link on the embedded database cost the same or less (docs/performance-history.md).
 * Set for the whole process, before PGlite's module is compiled.
 */
export function keepWebAssemblyOnBaselineCompiler(): void {
  v8.setFlagsFromString('--liftoff-only');
}

function pgliteFile(name: string): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return path.join(path.dirname(entry), name);
}

/** Node has WebAssembly; the server's TypeScript libraries (ES2023, no DOM) know only its types. */
const webAssembly = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;

async function readAndCompile(): Promise<PglitePreload> {
  keepWebAssemblyOnBaselineCompiler();
  const [wasm, data] = await Promise.all([
    fs.readFile(pgliteFile('pglite.wasm')),
    fs.readFile(pgliteFile('pglite.data')),
  ]);
  const pgliteWasmModule = await webAssembly.compile(wasm);
  // PGlite only asks the bundle for its bytes; a Blob would copy them once more.
  const bytes =
    data.byteOffset === 0 && data.byteLength === data.buffer.byteLength
      ? data.buffer
      : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  const fsBundle = { arrayBuffer: () => Promise.resolve(bytes) } as unknown as Blob;
  return { pgliteWasmModule, fsBundle };
}

/** Begins the work above; `env` is the process's environment, read as the server will read it. */
export function startEarly(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.DATABASE_URL) {
    preload = readAndCompile();
    // Whoever takes it sees a failure; PGlite then reads its files itself.
    preload.catch(() => undefined);
  }
}

/** The preloaded WebAssembly and file bundle, once; undefined when nothing was begun or it failed. */
export async function takePglitePreload(): Promise<PglitePreload | undefined> {
  const begun = preload;
  preload = undefined;
  return begun?.catch(() => undefined);
}
