/** Route /link: bank linking (docs/linking.md, "/link"), told where it was opened from. */
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { LinkScreen } from '@/features/linking/components/link-screen';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { readOnboardingState } from '@/lib/navigation-state';

export function Component() {
  const location = useLocation();
  // Read by the route guard already: no request of its own.
  const profile = useQuery(profileQueries.info());
  return (
    <PublicLayout>
      <LinkScreen
        from={readOnboardingState(location.state).from}
        hasLinkedAccounts={(profile.data?.linkedAccounts.length ?? 0) > 0}
      />
    </PublicLayout>
  );
}
Component.displayName = 'LinkRoute';
