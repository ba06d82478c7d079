/**
 * What the web build says about its first pages (apps/web/build/route-pages.ts writes
 * pages/pages.json): which copy of index.html answers which path — the prerendered one only for
 * the bare path, since a query may change what the page shows — and the hashes of the inline
 * scripts the pages carry, which the CSP allows and nothing else inline. A build without the
 * file (or no build at all) leaves index.html for every path and no inline script allowed.
 */
import fs from 'node:fs';
import path from 'node:path';

export type RoutePages = {
  /** The page file (relative to the build folder) for a URL path, asked with a query or not. */
  pageFor(urlPath: string, hasQuery: boolean): string;
  /** CSP source expressions ('sha256-…') of the pages' inline scripts. */
  scriptHashes: string[];
};

type PagesFile = {
  routes: Record<string, string>;
  prerendered?: Record<string, string>;
  scriptHashes: string[];
};

const INDEX = 'index.html';

export function readRoutePages(distDir: string): RoutePages {
  const file = path.join(distDir, 'pages', 'pages.json');
  if (!fs.existsSync(file)) return { pageFor: () => INDEX, scriptHashes: [] };
  const written = JSON.parse(fs.readFileSync(file, 'utf8')) as PagesFile;
  const routes = new Map(Object.entries(written.routes));
  const prerendered = new Map(Object.entries(written.prerendered ?? {}));
  return {
    pageFor: (urlPath, hasQuery) =>
      (hasQuery ? undefined : prerendered.get(urlPath)) ?? routes.get(urlPath) ?? INDEX,
    scriptHashes: written.scriptHashes.filter((hash) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash)),
  };
}
