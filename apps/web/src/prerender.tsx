/**
 * The build's server-side entry (build/prerender-pages.ts): the markup of a public page as a
 * first-time visitor's browser would render it, written into that page's HTML so it paints
 * before any script has run. Everything the page loads lazily is waited for.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree } from './app/app-tree';
import { createQueryClient } from './lib/query-client';

export async function prerenderPage(url: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <AppTree queryClient={createQueryClient()} Router={Router} />,
    // React outlines a boundary once the page passes this many bytes (12,800 by default), moving
    // the page into a hidden template revealed by a script: markup the browser's first render
    // cannot adopt. A page written once at build time has no reason to arrive in pieces.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}
