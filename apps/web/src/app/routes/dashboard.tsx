import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Dashboard" />;
}
Component.displayName = 'DashboardRoute';
