import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session/session';
import { useShareBrowserTimeZone } from '@/lib/use-share-browser-time-zone';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { prefetchHome } from '@/app/home-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';

const ResumeNameStep = lazy(() => import('@/features/auth/components/resume-name-step'));

/**
 * Lets signed-in users through; sends everyone else to /auth once the session has loaded. A
 * signed-in person Billow has no legal name for gets the name step first, on every start
 * (docs/sign-in.md, "The three steps"). The page opens meanwhile (it shows its own loading state
 * and errors): the profile is the page's own first request, and nobody waits for it twice.
 */
export function ProtectedRoute() {
  const { status } = useSession();
  const location = useLocation();
  const profile = useQuery({ ...profileQueries.info(), enabled: status === 'authenticated' });
  const queryClient = useQueryClient();
  const isHome = location.pathname === '/';
  useEffect(() => {
    if (status === 'authenticated' && isHome) prefetchHome(queryClient);
  }, [status, isHome, queryClient]);
  useShareBrowserTimeZone(profile.data?.time_zone);
  if (status === 'loading') return <FullPageSpinner label="Loading your account" />;
  if (status === 'anonymous')
    return (
      <Navigate to="/auth" replace state={{ returnTo: location.pathname + location.search }} />
    );
  if (profile.data?.user_legal_name === null)
    return (
      <Suspense fallback={<FullPageSpinner label="Loading your account" />}>
        <ResumeNameStep hasLinkedAccounts={profile.data.linkedAccounts.length > 0} />
      </Suspense>
    );
  return <Outlet />;
}

/** The route module form, for the router's `lazy`. */
export const Component = ProtectedRoute;
