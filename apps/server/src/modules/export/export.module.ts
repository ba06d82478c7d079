/** Export: everything Billow keeps about a person, as a ZIP they download from the profile. */
import type { ProfileInfo, Subscription } from '@billow/contracts';
import type { FeatureModule } from '../feature-module';
import type { ExportSources } from './export.sources';
import { registerExportRoutes } from './export.routes';
import { createExportService } from './export.service';

export function createExportModule(deps: {
  /** Each module's rows about the person (its `exportRows`). */
  sources: ExportSources;
  /** The profile as the profile screen shows it (the users module answers). */
  profile: (userId: string) => Promise<ProfileInfo>;
  /** The bills list's answer (the subscriptions module): the figures the screens show. */
  bills: (userId: string) => Promise<Subscription[]>;
  clock?: () => Date;
}) {
  const service = createExportService({
    sources: deps.sources,
    profile: deps.profile,
    bills: deps.bills,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    routes: (app) => registerExportRoutes(app, { dataExport: service }),
  } satisfies FeatureModule & { service: unknown };
}
