/**
 * A Vite plugin shaping the page a browser gets first (issue 16):
 *
 * - The theme script (src/theme-init.js) is written into index.html instead of linked: it must
 *   run before the first paint, and as a file it cost a round trip that held the paint back.
 *   Its sha256 goes to the server's CSP, so no other inline script may run.
 * - For each route in the table, a copy of index.html (pages/<name>.html) that also preloads the
 *   route's own chunks (`<link rel="modulepreload">`). Without it the browser learns of them only
 *   once the entry script has run, and fetches them after it; with it, alongside it.
 *
 * - A route marked `prerender` also gets pages/<name>.prerendered.html, carrying its markup as
 *   a first-time, signed-out visitor sees it (src/prerender.tsx, rendered through Vite's SSR
 *   loader): the browser paints the page before any script runs, and React hydrates it. The
 *   server sends it only for the bare path: a query (a funnel step, a merchant) may change
 *   what the page shows.
 *
 * pages/pages.json tells the server which page answers which path, and the script hashes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** What the server reads (apps/server/src/web/route-pages.ts keeps its own copy of the shape). */
export type RoutePagesFile = {
  /** Exact URL path → page file, relative to the build folder. */
  routes: Record<string, string>;
  /** Exact URL path, asked without a query → its prerendered page. */
  prerendered: Record<string, string>;
  /** CSP source expressions of the inline scripts every page carries. */
  scriptHashes: string[];
};

/** URL path → the route's modules, relative to the web app's folder. */
export type RouteModules = Record<string, { page: string; modules: string[]; prerender?: boolean }>;

const THEME_SCRIPT = 'src/theme-init.js';
/** Where index.html names the theme script; the plugin puts the script itself there. */
const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
export const PAGES_FILE = 'pages/pages.json';
const EMPTY_ROOT = '<div id="root"></div>';

/** Each named route's markup, from the app's own modules loaded through Vite's SSR loader. */
async function prerender(configFile: string | undefined, root: string, urlPaths: string[]) {
  if (urlPaths.length === 0) return new Map<string, string>();
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile,
    root,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { prerenderPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      prerenderPage(url: string): Promise<string>;
    };
    const markup = new Map<string, string>();
    for (const urlPath of urlPaths) markup.set(urlPath, await prerenderPage(urlPath));
    return markup;
  } finally {
    await server.close();
  }
}

function isChunk(output: Rolldown.OutputBundle[string]): output is OutputChunk {
  return output.type === 'chunk';
}

/** Every chunk `fileName` loads before it runs: itself and its static imports, transitively. */
function staticClosure(
  chunks: Map<string, OutputChunk>,
  fileName: string,
  seen = new Set<string>(),
) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(chunks, imported, seen);
  return seen;
}

export function routePages(routes: RouteModules): Plugin {
  let root = '';
  let outDir = 'dist';
  let base = '/';
  let themeScript = '';
  let configFile: string | undefined;
  return {
    name: 'billow-route-pages',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
      configFile = config.configFile;
      themeScript = fs.readFileSync(path.join(root, THEME_SCRIPT), 'utf8');
    },
    // Before Vite reads the page's scripts, so it meets the script itself, not a file to bundle.
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(THEME_SCRIPT_TAG))
          throw new Error(`index.html lost ${THEME_SCRIPT_TAG}`);
        return html.replace(THEME_SCRIPT_TAG, () => `<script>${themeScript}</script>`);
      },
    },
    async writeBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter(isChunk)
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-pages: the build has no entry chunk');
      const loadedByEntry = staticClosure(chunks, entry.fileName);
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!index.includes('</head>') || !index.includes(EMPTY_ROOT))
        throw new Error(`route-pages: index.html has no </head> or no ${EMPTY_ROOT}`);
      const markup = await prerender(
        configFile,
        root,
        Object.keys(routes).filter((urlPath) => routes[urlPath]!.prerender),
      );
      fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });

      const written: RoutePagesFile = {
        routes: {},
        prerendered: {},
        // Hashed as written, so the CSP matches the page byte for byte.
        scriptHashes: [...index.matchAll(INLINE_SCRIPT)].map(
          ([, script]) =>
            `'sha256-${crypto.createHash('sha256').update(script!).digest('base64')}'`,
        ),
      };
      for (const [urlPath, { page, modules }] of Object.entries(routes)) {
        const preload = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId === id);
          if (!chunk)
            throw new Error(`route-pages: ${urlPath} names ${module}, which has no chunk`);
          staticClosure(chunks, chunk.fileName, preload);
        }
        const links = [...preload]
          .filter((fileName) => !loadedByEntry.has(fileName))
          .sort()
          .map((fileName) => `<link rel="modulepreload" crossorigin href="${base}${fileName}">`)
          .join('\n    ');
        const fileName = `pages/${page}.html`;
        const withPreloads = index.replace('</head>', `  ${links}\n  </head>`);
        fs.writeFileSync(path.join(outDir, fileName), withPreloads);
        written.routes[urlPath] = fileName;
        const prerendered = markup.get(urlPath);
        if (prerendered === undefined) continue;
        const prerenderedName = `pages/${page}.prerendered.html`;
        fs.writeFileSync(
          path.join(outDir, prerenderedName),
          // Inert until React has adopted it (src/app/providers.tsx): a click or a keystroke on the
          // drawn page before then would be lost.
          withPreloads.replace(EMPTY_ROOT, () => `<div id="root" inert>${prerendered}</div>`),
        );
        written.prerendered[urlPath] = prerenderedName;
      }
      fs.writeFileSync(path.join(outDir, PAGES_FILE), JSON.stringify(written, null, 2));
    },
  };
}
