/** GET /api/health: the API answers and its database does. */
import type { Database } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { registerHealthRoutes } from './health.routes';

export function createHealthModule(deps: { database: Database }) {
  return { routes: (app) => registerHealthRoutes(app, deps) } satisfies FeatureModule;
}
