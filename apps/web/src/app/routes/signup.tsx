import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { SignupFunnel } from '@/features/onboarding/components/signup-funnel';

export function Component() {
  const location = useLocation();
  return (
    <PublicLayout>
      <SignupFunnel incomingState={location.state} />
    </PublicLayout>
  );
}
Component.displayName = 'SignupRoute';
