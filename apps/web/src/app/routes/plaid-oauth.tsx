/** Route /plaid-oauth: where a bank's sign-in page sends the person back (spec part 1 §2). */
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
