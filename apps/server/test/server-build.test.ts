import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const buildScript = path.join(root, 'scripts/server-build.mjs');
/** Provider SDKs a sandbox server (the README's `npm start`) never needs. */
const PROVIDER_SDKS = [
  'plaid',
  'twilio',
  'openai',
  '@vapi-ai/server-sdk',
  'nodemailer',
  'web-push',
];

/** The packages a bundled file imports before its code runs (its `import … from` lines). */
function staticImports(dir: string, file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const [, specifier] of text.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)) {
    if (!specifier) continue;
    if (specifier.startsWith('./'))
      for (const inner of staticImports(dir, specifier.slice(2), seen)) packages.add(inner);
    else packages.add(specifier);
  }
  return packages;
}

describe('the built server (scripts/server-build.mjs)', () => {
  let outDir: string;
  beforeAll(() => {
    // Inside the workspace, where the bundle's packages resolve as they do from apps/server/dist.
    const cache = path.join(root, 'node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    outDir = fs.mkdtempSync(path.join(cache, 'billow-server-build-'));
    const result = spawnSync(process.execPath, [buildScript, '--now', '--out', outDir], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('loads no provider SDK at start: each is loaded when the configuration names it', () => {
    const loaded = staticImports(outDir, 'main.mjs');
    expect(loaded).toContain('pino');
    expect(PROVIDER_SDKS.filter((sdk) => loaded.has(sdk))).toEqual([]);
    expect(loaded).not.toContain('@electric-sql/pglite');
  });

  it("bundles node_modules' packages, but for those that find files beside their code", () => {
    const loaded = [...staticImports(outDir, 'main.mjs')].filter(
      (specifier) => !specifier.startsWith('node:'),
    );
    expect(loaded.sort()).toEqual(['pino']);
  });

  it('loads no embedded-database code at start: drizzle PGlite driver imports PGlite itself', () => {
    const loaded = staticImports(outDir, 'main.mjs');
    expect([...loaded].filter((specifier) => specifier.includes('pglite'))).toEqual([]);
  });

  it('reads a large import file in its bundled worker, under the name the reader asks for', async () => {
    const worker = new Worker(path.join(outDir, 'import-file.worker.mjs'));
    try {
      const answer = await new Promise<{
        file?: { accounts: unknown[]; transactions: Array<{ amount: number }>; errors: unknown[] };
      }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({
          id: 1,
          input: {
            fileName: 'checking.csv',
            // "€" is read by a regular expression the build writes as an escape (below).
            fileText:
              'Date,Description,Amount\n2026-01-05,Netflix,-15.49\n2026-02-05,Netflix,-€15.49\n',
          },
        });
      });
      expect(answer.file?.accounts).toHaveLength(1);
      expect(answer.file?.errors).toEqual([]);
      expect(answer.file?.transactions.map((row) => row.amount)).toEqual([15.49, 15.49]);
    } finally {
      await worker.terminate();
    }
  });

  it('begins the embedded database before the server loads, from an entry of Node modules only', async () => {
    const loaded = [...staticImports(outDir, 'early-start.mjs')];
    expect(loaded.filter((specifier) => !specifier.startsWith('node:'))).toEqual([]);
    const early = (await import(pathToFileURL(path.join(outDir, 'early-start.mjs')).href)) as {
      startEarly(env: NodeJS.ProcessEnv): void;
      takePglitePreload(): Promise<{ pgliteWasmModule: unknown; fsBundle: Blob } | undefined>;
    };
    early.startEarly({ DATABASE_URL: 'postgres://nowhere/none' });
    expect(await early.takePglitePreload()).toBeUndefined();
    early.startEarly({});
    const preload = await early.takePglitePreload();
    expect(Object.prototype.toString.call(preload?.pgliteWasmModule)).toBe(
      '[object WebAssembly.Module]',
    );
    expect((await preload?.fsBundle.arrayBuffer())?.byteLength).toBeGreaterThan(1_000_000);
    // Taken once: a second PGlite in the process reads its own files.
    expect(await early.takePglitePreload()).toBeUndefined();
  });

  it("skips node-postgres's Cloudflare check, which loaded Node's fetch (undici) at start", () => {
    const chunks = fs.readdirSync(outDir).filter((name) => name.endsWith('.mjs'));
    const pgStream = chunks
      .map((name) => fs.readFileSync(path.join(outDir, name), 'utf8'))
      .find((text) => text.includes('function isCloudflareRuntime()'));
    const check = /function isCloudflareRuntime\(\) \{[\s\S]*?\n {4}\}\n/.exec(pgStream ?? '')?.[0];
    expect(check).toContain('new Response(');
    expect(check).toMatch(/if \(false\) \{\s*const resp = new Response\(/);
  });

  it('is written in ASCII only, so V8 keeps each loaded file at one byte a character', () => {
    for (const file of fs.readdirSync(outDir).filter((name) => name.endsWith('.mjs')))
      expect(
        /[^\t\n\r\x20-\x7e]/.exec(fs.readFileSync(path.join(outDir, file), 'utf8')),
        file,
      ).toBeNull();
  });

  it('is rebuilt when any workspace package the server uses changes', () => {
    const text = fs.readFileSync(buildScript, 'utf8');
    const sources = new Set([...text.matchAll(/^\s*'([^']+)',$/gm)].map((m) => m[1]));
    const workspaces = new Set<string>();
    const visit = (manifest: string) => {
      const { dependencies = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      for (const name of Object.keys(dependencies).filter((n) => n.startsWith('@billow/'))) {
        const folder = `packages/${name.slice('@billow/'.length)}`;
        if (workspaces.has(folder)) continue;
        workspaces.add(folder);
        visit(path.join(root, folder, 'package.json'));
      }
    };
    visit(path.join(root, 'apps/server/package.json'));
    expect(workspaces.size).toBeGreaterThan(0);
    for (const folder of [...workspaces, 'apps/server'])
      expect(sources, folder).toContain(`${folder}/src`);
    expect(sources).toContain('package-lock.json');
  });
});
