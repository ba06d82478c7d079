/**
 * Initial JS per route, from a web build's Vite manifest: what the browser fetches before the
 * route can paint — the entry and every chunk it imports statically, plus the route's lazy
 * chunk and its static imports (Vite preloads those with the route) — gzipped, as served.
 * `npm run test:e2e` holds each route to its budget before the journeys start (scripts/e2e.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const routeSources = {
  '/signup': ['src/app/routes/signup.tsx'],
  '/auth': ['src/app/routes/auth.tsx'],
  // The signed-in pages load the route guard's module beside their own.
  '/ (signed in)': ['src/app/protected-route.tsx', 'src/app/routes/dashboard.tsx'],
};

/**
 * Each route's budget, gzip bytes (kB of 1,000, as Vite counts them), so the public pages paint
 * quickly on a phone over a slow network and the signed-in home soon after sign-in.
 * Sizes, not timings, so a busy machine measures the same.
 */
export const INITIAL_JS_BUDGETS = {
  '/signup': 120_000,
  '/auth': 120_000,
  '/ (signed in)': 160_000,
};

/** A sentence for each route of `perRoute` over its budget; none when all are within. */
export function overBudget(perRoute) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  return Object.entries(perRoute)
    .filter(([route, bytes]) => bytes > INITIAL_JS_BUDGETS[route])
    .map(
      ([route, bytes]) =>
        `${route} loads ${kb(bytes)} of JS (gzip) before it can paint; its budget is ${kb(INITIAL_JS_BUDGETS[route])}.`,
    );
}

export function initialJsPerRoute(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzipBytes = (keys) =>
    [...keys].reduce(
      (sum, key) =>
        sum +
        zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key].file)), { level: 9 }).length,
      0,
    );
  return Object.fromEntries(
    Object.entries(routeSources).map(([route, sources]) => {
      const keys = closure(entry);
      for (const source of sources) closure(source, keys);
      return [route, gzipBytes(keys)];
    }),
  );
}

if (process.argv[1] === import.meta.filename) {
  const perRoute = initialJsPerRoute(path.resolve(process.argv[2] ?? 'apps/web/dist'));
  console.log(perRoute);
  for (const line of overBudget(perRoute)) console.error(line);
}
