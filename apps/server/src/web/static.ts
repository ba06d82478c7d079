/**
 * Serves the built web app. Hashed assets are cached for a year; index.html, the service worker
 * (/sw.js) and the web manifest are revalidated on every load so a new deploy is picked up. The
 * build writes brotli and gzip copies of each text file (apps/web/build/precompress.ts), sent as
 * they are to a browser that accepts them. Any GET outside /api, /ws and /assets that matches no
 * file gets index.html, and the React router decides what to show (its own 404 page included,
 * answered with status 404 when the address is none of the app's pages),
 * except a page the build prerendered (apps/web/build/prerender-pages.ts): /signup and /auth get
 * their own HTML with the page's markup in it, when the address has no query (a query picks
 * another screen than the one prerendered). Source maps are served in the sandbox only.
 */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '@billow/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  options: { serveSourceMaps: boolean },
): Promise<boolean> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web build not found; serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // One route for every file, looked up when asked for: a route per file (over 500 with the
    // compressed copies, GET and HEAD each) took most of the HTTP app's start (issue 42). A
    // missing file falls through to the not-found handler, as an unknown route does.
    wildcard: true,
    preCompressed: true,
    // Source maps hold the web app's source: a help in the sandbox, not for the public internet.
    allowedPath: (pathName: string) => options.serveSourceMaps || !pathName.endsWith('.map'),
    cacheControl: false,
    // @fastify/static hands setHeaders the raw http.ServerResponse (its typings say FastifyReply).
    setHeaders(res: unknown, filePath: string) {
      const value = filePath.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      (res as ServerResponse).setHeader('cache-control', value);
      // The same URL answers brotli, gzip or plain by Accept-Encoding: a shared cache must key on it.
      (res as ServerResponse).setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}

export function isApiPath(urlPath: string): boolean {
  return (
    urlPath === '/api' ||
    urlPath.startsWith('/api/') ||
    urlPath === '/ws' ||
    urlPath.startsWith('/ws/')
  );
}

/** A missing build file is a 404, not the app page (a stale tab would parse HTML as script). */
export function isAssetPath(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || urlPath.endsWith('.map');
}

/** The build's prerendered pages, by path: `prerendered/signup.html` is /signup's. */
export function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, 'prerendered');
  if (!fs.existsSync(dir)) return new Map();
  return new Map(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, `prerendered/${file}`]),
  );
}

/**
 * The page for an address the server has no route for: its prerendered HTML, or index.html; with
 * 404 when the address is none of the app's pages (the app then draws its not-found screen).
 */
export function sendSpaPage(reply: FastifyReply, url: string, pages: ReadonlyMap<string, string>) {
  const file = url.includes('?') ? undefined : pages.get(url);
  const pathname = url.split('?', 1)[0]!;
  return reply
    .code(isAppPage(pathname) ? 200 : 404)
    .header('cache-control', 'no-cache')
    .type('text/html')
    .sendFile(file ?? 'index.html');
}
