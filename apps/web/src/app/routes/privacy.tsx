import { PublicLayout } from '@/components/layout/public-layout';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

export function Component() {
  return (
    <PublicLayout>
      <PrivacyPolicy />
    </PublicLayout>
  );
}
Component.displayName = 'PrivacyRoute';
