/** Export: everything Billow keeps about a person, as a ZIP they download from the profile. */
import type { ProfileInfo } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { createExportRepo } from './export.repo';
import { registerExportRoutes } from './export.routes';
import { createExportService } from './export.service';

export function createExportModule(deps: {
  db: Db;
  /** The profile as the profile screen shows it (the users module answers). */
  profile: (userId: string) => Promise<ProfileInfo>;
  clock?: () => Date;
}) {
  const service = createExportService({
    repo: createExportRepo(deps.db),
    profile: deps.profile,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    routes: (app) => registerExportRoutes(app, { dataExport: service }),
  } satisfies FeatureModule & { service: unknown };
}
