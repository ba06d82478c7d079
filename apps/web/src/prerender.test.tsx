import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppTree } from './app/app-tree';
import { createQueryClient } from './lib/query-client';
import { mockApi } from '@test/mock-api';
import { prerenderPage } from './prerender';

/**
 * The build writes /signup and /auth with their markup (build/prerender-pages.ts) and the
 * browser adopts it (src/main.tsx). Adopting only works when the browser's first render makes
 * the very same markup: otherwise React throws the page away and builds it again, and the
 * person sees it flicker. (e2e/first-paint.spec.ts checks the adoption in a real browser.)
 */

/**
 * The markup as the browser holds it once parsed (attribute names lower-cased), attributes in
 * one order (the renderers write some in another), without the comments the server's renderer
 * adds (Suspense marks, text joins): what decides whether React can adopt it.
 */
function asParsed(markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes]
      .map(({ name, value }) => [name, value] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return template.innerHTML;
}

/** What a first-time visitor's browser renders first at `path`, once the route's code is in. */
async function firstRender(path: string): Promise<string> {
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(<AppTree queryClient={createQueryClient()} Router={BrowserRouter} />);
  });
  // Once every part's code is in, as the prerendered page holds it: the page's own heading, and
  // the wide screen's panel (its own chunk, which may arrive before or after the page's). As
  // long as Testing Library's own waits (test/setup.ts): a loaded machine's first render is slow.
  await vi.waitFor(
    () => {
      expect(container.querySelector('h1')).not.toBeNull();
      expect(container.querySelector('aside')).not.toBeNull();
    },
    { timeout: 5_000 },
  );
  const markup = container.innerHTML;
  act(() => root.unmount());
  container.remove();
  return markup;
}

describe('prerendered public pages', () => {
  // The browser's renders come first: the server renderer leaves React Router's context set
  // behind it in this shared test realm (the build prerenders in a process of its own).
  it('write into /signup and /auth the markup a first visit renders', async () => {
    // The pages ask nothing of the server to render; the page views they record go nowhere.
    mockApi();
    const signup = await firstRender('/signup');
    const auth = await firstRender('/auth');

    const prerenderedSignup = await prerenderPage('/signup');
    const prerenderedAuth = await prerenderPage('/auth');

    expect(prerenderedSignup).toContain('Negotiate your bills. Save on every subscription.');
    expect(prerenderedAuth).toMatch(/<input[^>]*type="tel"/);
    // The page itself, never the loading spinner that stands in while a route's code loads.
    for (const markup of [prerenderedSignup, prerenderedAuth])
      expect(markup).not.toContain('Loading Billow');
    expect(asParsed(prerenderedSignup)).toBe(asParsed(signup));
    expect(asParsed(prerenderedAuth)).toBe(asParsed(auth));
  });
});
