/** Annual plans Billow pays for: instant savings, paying exactly once, the ACH jobs, renewal. */
import type { FeatureModule } from '../feature-module';
import { paymentsJobHandlers } from './payments.jobs';
import { createPaymentsRepo } from './payments.repo';
import { registerPaymentDevRoutes, registerPaymentRoutes } from './payments.routes';
import type { PaymentsServiceDeps } from './payments.deps';
import { createPaymentsService } from './payments.service';

export function createPaymentsModule(deps: Omit<PaymentsServiceDeps, 'repo'>) {
  const repo = createPaymentsRepo(deps.db);
  const service = createPaymentsService({ ...deps, repo });
  return {
    service,
    repo,
    routes: (app) => registerPaymentRoutes(app, { payments: service }),
    devRoutes: (app) => registerPaymentDevRoutes(app, { payments: service }),
    jobs: paymentsJobHandlers(service),
    exportRows: repo.exportRows,
    // The person's payments go with the account (on delete cascade). A card still held for one
    // goes back in stock; a card handed out stays spent (never issued twice), unlinked from them.
    forget: async ({ userId }) => deps.stock.releaseHeld(await repo.cardIdsOf(userId)),
  } satisfies FeatureModule & { service: unknown; repo: unknown };
}
