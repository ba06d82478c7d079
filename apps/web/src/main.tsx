import '@fontsource-variable/inter';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPublicScreen } from './app/router';
import { listenForInstallPrompt } from './features/app-install/api/install-prompt';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
listenForInstallPrompt();
// Only a build has an app shell to keep (the development server's files change on every edit).
// Registered once the page has loaded, from its own chunk: the worker's first install then does
// not compete with the page's first load, nor its code with the page's first script (issue 16).
if (import.meta.env.PROD) {
  const register = () =>
    void import('./features/app-install/api/service-worker').then((worker) =>
      worker.registerServiceWorker(),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
const container = document.getElementById('root')!;
// The first render is a transition: React renders it in slices and yields between them, so the
// page stays responsive (and shows no long task) while the app mounts (issue 16).
if (container.hasChildNodes()) {
  // A page the build prerendered (build/route-pages.ts) is already painted, and React adopts its
  // markup. Its screen's code (preloaded by the page) is awaited first: were it still loading,
  // the session's first update would make React drop the markup and draw the page afresh.
  // Should it fail to load, React meets the failure itself and shows the error screen.
  void preloadPublicScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else {
  startTransition(() => createRoot(container).render(app));
}
