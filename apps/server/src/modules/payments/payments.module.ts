/** Annual plans Billow pays for: instant savings, paying exactly once, the ACH jobs, renewal. */
import type { FeatureModule } from '../feature-module';
import { paymentsJobHandlers } from './payments.jobs';
import { createPaymentsRepo } from './payments.repo';
import { registerPaymentRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsServiceDeps } from './payments.service';

export function createPaymentsModule(deps: Omit<PaymentsServiceDeps, 'repo'>) {
  const repo = createPaymentsRepo(deps.db);
  const service = createPaymentsService({ ...deps, repo });
  return {
    service,
    repo,
    routes: (app) => registerPaymentRoutes(app, { payments: service }),
    jobs: paymentsJobHandlers(service),
  } satisfies FeatureModule & { service: unknown; repo: unknown };
}
