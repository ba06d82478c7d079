import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
