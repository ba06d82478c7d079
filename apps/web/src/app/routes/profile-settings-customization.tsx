import { useLocation } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { SettingsOnboarding } from '@/features/onboarding/components/settings-onboarding';

export function Component() {
  const location = useLocation();
  return (
    <PublicLayout>
      <SettingsOnboarding incomingState={location.state} />
    </PublicLayout>
  );
}
Component.displayName = 'ProfileSettingsCustomizationRoute';
