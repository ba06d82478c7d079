/** Export: everything Billow keeps about a person, as a ZIP they download from the profile. */
import type { ProfileInfo, Subscription } from '@billow/contracts';
import type { FeatureModule } from '../feature-module';
import type { ExportSources } from './export.sources';
import { registerExportRoutes } from './export.routes';
import { createExportService } from './export.service';

export function createExportModule(deps: {
  /** The modules that keep something about the person, each answering with its `exportRows`. */
  modules: { [K in keyof ExportSources]: { exportRows: ExportSources[K] } };
  /** The profile as the profile screen shows it (the users module answers). */
  people: { profile: (userId: string) => Promise<ProfileInfo> };
  /** The bills list's answer (the subscriptions module): the figures the screens show. */
  bills: { list: (userId: string) => Promise<Subscription[]> };
  clock?: () => Date;
}) {
  const service = createExportService({
    sources: {
      banking: deps.modules.banking.exportRows,
      subscriptions: deps.modules.subscriptions.exportRows,
      negotiations: deps.modules.negotiations.exportRows,
      payments: deps.modules.payments.exportRows,
      giftCards: deps.modules.giftCards.exportRows,
      rewards: deps.modules.rewards.exportRows,
    },
    profile: deps.people.profile,
    bills: deps.bills.list,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    routes: (app) => registerExportRoutes(app, { dataExport: service }),
  } satisfies FeatureModule & { service: unknown };
}
