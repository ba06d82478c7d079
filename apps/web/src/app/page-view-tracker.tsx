import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Records a page_view on every route change (docs/privacy.md, "Analytics events"); renders nothing.
 * The analytics code loads with the first view rather than in the page's first script,
 * so the view names its page itself: the person may have moved on by the time it is recorded.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    void import('@/lib/analytics').then(({ track }) => track('page_view', undefined, pathname));
  }, [pathname]);
  return null;
}
