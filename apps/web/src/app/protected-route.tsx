import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session/session';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';

/** Lets signed-in users through; sends everyone else to /auth once the session has loaded. */
export function ProtectedRoute() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner label="Loading your account" />;
  if (status === 'anonymous')
    return <Navigate to="/auth" replace state={{ returnTo: location.pathname }} />;
  return <Outlet />;
}
