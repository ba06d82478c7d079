/**
 * Route /plaid-oauth: where a bank's sign-in page sends the person back (docs/linking.md,
 * "Returning from a bank").
 */
import { PublicLayout } from '@/components/layout/public-layout';
import { OauthReturnScreen } from '@/features/linking/components/oauth-return-screen';

export function Component() {
  return (
    <PublicLayout>
      <OauthReturnScreen />
    </PublicLayout>
  );
}
Component.displayName = 'PlaidOauthRoute';
