import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { listenForInstallPrompt } from './features/app-install/api/install-prompt';
import { registerServiceWorker } from './features/app-install/api/service-worker';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
listenForInstallPrompt();
// Only a build has an app shell to keep (the development server's files change on every edit).
if (import.meta.env.PROD) void registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
