import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Link your accounts" />;
}
Component.displayName = 'AccountLinkingInfoRoute';
