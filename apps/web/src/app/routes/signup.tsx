import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Get started" />;
}
Component.displayName = 'SignupRoute';
