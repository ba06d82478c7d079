/** Route /link: bank linking (spec part 1 §2), told where it was opened from. */
import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { LinkScreen } from '@/features/linking/components/link-screen';
import { readOnboardingState } from '@/lib/navigation-state';

export function Component() {
  const location = useLocation();
  return (
    <PublicLayout>
      <LinkScreen from={readOnboardingState(location.state).from} />
    </PublicLayout>
  );
}
Component.displayName = 'LinkRoute';
