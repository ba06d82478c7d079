/** The savings ledger that negotiations and annual plans write, and the lifetime-savings read. */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { createSavingsRepo } from './savings.repo';
import { registerSavingsRoutes } from './savings.routes';
import { createSavingsService } from './savings.service';

export function createSavingsModule(deps: { db: Db }) {
  const service = createSavingsService({ repo: createSavingsRepo(deps.db) });
  return {
    service,
    routes: (app) => registerSavingsRoutes(app, { savings: service }),
  } satisfies FeatureModule & { service: unknown };
}
