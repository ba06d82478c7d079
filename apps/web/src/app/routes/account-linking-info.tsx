import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { AccountLinkingInfo } from '@/features/onboarding/components/account-linking-info';

export function Component() {
  const location = useLocation();
  return (
    <PublicLayout>
      <AccountLinkingInfo incomingState={location.state} />
    </PublicLayout>
  );
}
Component.displayName = 'AccountLinkingInfoRoute';
