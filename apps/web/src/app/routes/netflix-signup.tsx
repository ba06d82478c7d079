import { PublicLayout } from '@/components/layout/public-layout';
import { MerchantLanding } from '@/features/onboarding/components/merchant-landing';

export function Component() {
  return (
    <PublicLayout>
      <MerchantLanding path="/netflix-signup" />
    </PublicLayout>
  );
}
Component.displayName = 'NetflixSignupRoute';
