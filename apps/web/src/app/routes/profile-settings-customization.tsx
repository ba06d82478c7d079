import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Customize Billow" />;
}
Component.displayName = 'ProfileSettingsCustomizationRoute';
