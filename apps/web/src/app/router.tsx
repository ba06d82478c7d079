/**
 * Every route (docs/dashboard.md, "Routes and fallback pages"). Each screen is its own chunk
 * (`lazy`), so the first load of any page carries only that page. The routes are declared as
 * elements (React Router's declarative mode) rather than through its data router: Billow loads no
 * data in routes, and the data router's code was the largest part of the first page's script after
 * React.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { ReplayHeldTaps } from '@/lib/held-taps';
import { UpdateBanner } from '@/features/app-install/components/update-banner';
import { OfflineGate } from './offline-screen';
import { PageViewTracker } from './page-view-tracker';
import { RouteErrorBoundary } from './route-error-boundary';

/** A route module's screen (its `Component` export), loaded when the route is first shown. */
function screen(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(async () => ({ default: (await load()).Component }));
}

const Auth = screen(() => import('./routes/auth'));
const Signup = screen(() => import('./routes/signup'));
const NetflixSignup = screen(() => import('./routes/netflix-signup'));
const PlanetFitnessSignup = screen(() => import('./routes/planetfitness-signup'));
const Privacy = screen(() => import('./routes/privacy'));
const Terms = screen(() => import('./routes/terms'));
// Its own chunk too: the public pages do not carry the guard's profile query.
const ProtectedRoute = screen(() => import('./protected-route'));
const Dashboard = screen(() => import('./routes/dashboard'));
const ProfileSettings = screen(() => import('./routes/profile-settings-customization'));
const AccountLinkingInfo = screen(() => import('./routes/account-linking-info'));
const Link = screen(() => import('./routes/link'));
const PlaidOAuth = screen(() => import('./routes/plaid-oauth'));
const Chat = screen(() => import('./routes/chat'));
const NotFound = lazy(async () => ({
  default: (await import('./routes/not-found')).NotFoundRoute,
}));

/**
 * Around every page: the page-view count, the global error fallback, the offline screen, the
 * loading spinner, and the taps on a prerendered page from before the app started.
 */
function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <PageViewTracker />
      <UpdateBanner />
      {/* A new page gets a fresh boundary: an error on one page does not follow to the next. */}
      <RouteErrorBoundary key={pathname}>
        <OfflineGate>
          <Suspense fallback={<FullPageSpinner label="Loading Billow" />}>
            <Outlet />
            <ReplayHeldTaps />
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
        <Route path="/auth" element={<Auth />} />
        <Route path="/signup" element={<Signup />} />
        <Route path="/netflix-signup" element={<NetflixSignup />} />
        <Route path="/planetfitness-signup" element={<PlanetFitnessSignup />} />
        <Route path="/privacy" element={<Privacy />} />
        <Route path="/terms" element={<Terms />} />
        <Route element={<ProtectedRoute />}>
          <Route path="/" element={<Dashboard />} />
          <Route path="/profile-settings-customization" element={<ProfileSettings />} />
          <Route path="/account-linking-info" element={<AccountLinkingInfo />} />
          <Route path="/link" element={<Link />} />
          <Route path="/plaid-oauth" element={<PlaidOAuth />} />
          <Route path="/chat" element={<Chat />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
