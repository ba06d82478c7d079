/**
 * Every route of spec part 1 §2. Each screen is its own chunk (`lazy`), so the first load of
 * any page carries only that page.
 */
import { createBrowserRouter, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { PageViewTracker } from './page-view-tracker';
import { ErrorScreen } from './routes/error-screen';
import { NotFoundRoute } from './routes/not-found';

export const routes = [
  {
    element: (
      <>
        <PageViewTracker />
        <Outlet />
      </>
    ),
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <FullPageSpinner label="Loading Billow" />,
    children: [
      { path: '/auth', lazy: () => import('./routes/auth') },
      { path: '/signup', lazy: () => import('./routes/signup') },
      { path: '/netflix-signup', lazy: () => import('./routes/netflix-signup') },
      { path: '/planetfitness-signup', lazy: () => import('./routes/planetfitness-signup') },
      {
        // Its own chunk too: the public pages do not carry the guard's profile query.
        lazy: () => import('./protected-route'),
        children: [
          { path: '/', lazy: () => import('./routes/dashboard') },
          {
            path: '/profile-settings-customization',
            lazy: () => import('./routes/profile-settings-customization'),
          },
          { path: '/account-linking-info', lazy: () => import('./routes/account-linking-info') },
          { path: '/link', lazy: () => import('./routes/link') },
          { path: '/plaid-oauth', lazy: () => import('./routes/plaid-oauth') },
          { path: '/chat', lazy: () => import('./routes/chat') },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
