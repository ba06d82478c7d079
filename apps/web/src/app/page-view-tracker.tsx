import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from '@/lib/analytics';

/** Records a page_view on every route change (spec part 1 §7); renders nothing. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page_view');
  }, [pathname]);
  return null;
}
