import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Netflix" />;
}
Component.displayName = 'NetflixSignupRoute';
