import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Connecting Your Account" />;
}
Component.displayName = 'PlaidOauthRoute';
