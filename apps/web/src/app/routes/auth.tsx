import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Sign in" />;
}
Component.displayName = 'AuthRoute';
