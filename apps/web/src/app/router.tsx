/**
 * Every route of spec part 1 §2. Each screen is its own chunk (`lazy`), so the first load of
 * any page carries only that page. The routes are declared as elements (React Router's
 * declarative mode) rather than through its data router: Billow loads no data in routes, and the
 * data router's code was the largest part of the first page's script after React (issue 16).
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { OfflineGate } from './offline-screen';
import { PageViewTracker } from './page-view-tracker';
import { RouteErrorBoundary } from './route-error-boundary';

type Screen = ComponentType & { preload(): Promise<void> };

/**
 * A route module's screen (its `Component` export), loaded when the route is first shown, or
 * earlier with `preload()`: once loaded it renders at once, without suspending. A prerendered
 * page needs that (main.tsx): React adopts the page's markup in one pass only if nothing in it
 * is still loading.
 */
function screen(load: () => Promise<{ Component: ComponentType }>): Screen {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.Component;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Screen = () => createElement(loaded ?? Lazy);
  return Object.assign(Screen, { preload });
}

const publicScreens: Record<string, Screen> = {
  '/auth': screen(() => import('./routes/auth')),
  '/signup': screen(() => import('./routes/signup')),
  '/netflix-signup': screen(() => import('./routes/netflix-signup')),
  '/planetfitness-signup': screen(() => import('./routes/planetfitness-signup')),
};
// Its own chunk too: the public pages do not carry the guard's profile query.
const ProtectedRoute = screen(() => import('./protected-route'));
const signedInScreens: Record<string, Screen> = {
  '/': screen(() => import('./routes/dashboard')),
  '/profile-settings-customization': screen(
    () => import('./routes/profile-settings-customization'),
  ),
  '/account-linking-info': screen(() => import('./routes/account-linking-info')),
  '/link': screen(() => import('./routes/link')),
  '/plaid-oauth': screen(() => import('./routes/plaid-oauth')),
  '/chat': screen(() => import('./routes/chat')),
};

/** Loads the code of a public page's screen (the pages the build prerenders are public). */
export function preloadPublicScreen(pathname: string): Promise<void> {
  return publicScreens[pathname]?.preload() ?? Promise.resolve();
}

const NotFound = lazy(async () => ({
  default: (await import('./routes/not-found')).NotFoundRoute,
}));

/**
 * Around every page: the page-view count, the global error fallback, the offline screen, the
 * loading spinner.
 */
function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <PageViewTracker />
      {/* A new page gets a fresh boundary: an error on one page does not follow to the next. */}
      <RouteErrorBoundary key={pathname}>
        <OfflineGate>
          <Suspense fallback={<FullPageSpinner label="Loading Billow" />}>
            <Outlet />
          </Suspense>
        </OfflineGate>
      </RouteErrorBoundary>
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {Object.entries(publicScreens).map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route element={<ProtectedRoute />}>
          {Object.entries(signedInScreens).map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
