/**
 * The markup of a public page as it first renders for a signed-out visitor, rendered at build
 * time (build/route-pages.ts) into that page's HTML. The browser paints it before any script
 * has run; main.tsx then hydrates it rather than rendering from scratch (issue 16).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';

/** Storage as a first-time, signed-out visitor's browser has it: empty. */
class EmptyStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

export async function prerenderPage(url: string): Promise<string> {
  Object.assign(globalThis, {
    localStorage: new EmptyStorage(),
    sessionStorage: new EmptyStorage(),
  });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
