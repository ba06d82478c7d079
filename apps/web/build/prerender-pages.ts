/**
 * Writes the prerendered public pages: /signup and /auth as a first-time visitor's
 * browser would first render them, inside index.html, so they paint before any script runs and
 * React adopts the markup (src/main.tsx). Each page also preloads its own route's chunks,
 * which the browser would otherwise find only after the entry script ran. Its scripts are
 * fetched at low priority: the page shows without them, so the styles and the font go first.
 * The server sends these files for their paths (apps/server/src/web/static.ts); every other
 * page keeps index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeCompressedCopies } from './precompress';

/** The pages prerendered, each with its route module (the key of the build manifest). */
const PRERENDERED_PAGES = [
  { path: '/signup', module: 'src/app/routes/signup.tsx' },
  { path: '/auth', module: 'src/app/routes/auth.tsx' },
] as const;

/** Where in the build the pages go: `prerendered/signup.html` for /signup. */
const prerenderedFile = (pagePath: string) => `prerendered${pagePath}.html`;

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Storage as a first visit has it: empty. The app reads it while rendering (theme, session). */
class EmptyStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

export async function prerenderPages({ distDir, ssrEntry }: { distDir: string; ssrEntry: string }) {
  Object.assign(globalThis, {
    localStorage: new EmptyStorage(),
    sessionStorage: new EmptyStorage(),
  });
  const { prerenderPage } = (await import(pathToFileURL(ssrEntry).href)) as {
    prerenderPage(url: string): Promise<string>;
  };
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html lost its root');

  for (const page of PRERENDERED_PAGES) {
    if (!manifest[page.module]) throw new Error(`the build has no chunk for ${page.module}`);
    const markup = await prerenderPage(page.path);
    const preloads = [...staticClosure(manifest, page.module)]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
      .join('');
    const html = template
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
      .replace('  </head>', () => `${preloads}  </head>`)
      .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
      .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
    const file = path.join(distDir, prerenderedFile(page.path));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    writeCompressedCopies(file);
  }
}
