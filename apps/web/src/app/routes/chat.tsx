import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Chat" />;
}
Component.displayName = 'ChatRoute';
