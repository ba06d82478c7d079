import '@fontsource-variable/inter';
import './index.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppTree } from './app/app-tree';
import { listenForInstallPrompt } from './features/app-install/api/install-prompt';
import { releaseHeldTaps } from './lib/held-taps';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
listenForInstallPrompt();
// Only a build has an app shell to keep (the development server's files change on every edit).
// Registered once the page has loaded, from its own chunk: the worker's first install then does
// not compete with the page's first load, nor its code with the page's first script.
if (import.meta.env.PROD) {
  const register = () =>
    void import('./features/app-install/api/service-worker').then((worker) =>
      worker.registerServiceWorker(),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const container = document.getElementById('root')!;
const app = <AppTree queryClient={queryClient} Router={BrowserRouter} />;
const html = document.documentElement;
// The page came prerendered (build/prerender-pages.ts) and this visitor's first screen is that
// markup (public/first-paint.js): React adopts it instead of building it again.
const isPrerendered = container.firstElementChild !== null && html.dataset.prerender !== 'skip';

function start() {
  if (isPrerendered) {
    // As a transition, so the work is done in slices between which the page stays responsive.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // Taps on markup about to be replaced are not the visitor's intent on the new page.
    releaseHeldTaps();
    container.replaceChildren();
    delete html.dataset.prerender;
    createRoot(container).render(app);
  }
}

// A prerendered page is painted before React takes it over: adopting the markup holds the main
// thread for a while on a slow phone, and the browser would often do that first and paint after.
// A hidden tab paints no frame, and its animation frames wait until it is shown.
if (isPrerendered && document.visibilityState === 'visible')
  // The frame's callbacks run just before its paint; a task queued from there runs after it.
  requestAnimationFrame(() => setTimeout(start));
else start();
