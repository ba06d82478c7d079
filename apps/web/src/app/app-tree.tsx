import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app inside a router: the browser's in main.tsx, a static one when the build
 * prerenders a page (src/prerender.tsx). One tree for both, so the markup the build writes is
 * the markup the browser's first render would make, and React can adopt it.
 */
export function AppTree({
  queryClient,
  Router,
}: {
  queryClient: QueryClient;
  Router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
