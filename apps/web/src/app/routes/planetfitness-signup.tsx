import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Planet Fitness" />;
}
Component.displayName = 'PlanetfitnessSignupRoute';
