import { useLocation } from 'react-router';
import { SignInFlow } from '@/features/auth/components/sign-in-flow';
import { PublicLayout } from '@/components/layout/public-layout';

export function Component() {
  const location = useLocation();
  return (
    <PublicLayout>
      <SignInFlow incomingState={location.state} />
    </PublicLayout>
  );
}
Component.displayName = 'AuthRoute';
