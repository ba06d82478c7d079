/** The money ledgers' nightly reconciliation (docs/savings.md). */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { ledgersJobHandlers } from './ledgers.jobs';
import { createLedgersRepo } from './ledgers.repo';
import { registerLedgerDevRoutes } from './ledgers.routes';
import { createLedgersService, type LedgerFigures } from './ledgers.service';

/** Every figure the reconciliation reads, so one that no module publishes is named. */
const FIGURES: Record<keyof LedgerFigures, true> = {
  savings: true,
  rewards: true,
  negotiatedDeals: true,
  annualPayments: true,
  bills: true,
  balanceCents: true,
};

/** The figures the owners of the money rows publish, each as its module's `ledgerFigures`. */
function gatherLedgerFigures(modules: FeatureModule[]): LedgerFigures {
  const figures: Partial<LedgerFigures> = Object.assign(
    {},
    ...modules.map((module) => module.ledgerFigures),
  );
  const missing = Object.keys(FIGURES).filter((name) => !(name in figures));
  if (missing.length > 0)
    throw new Error(`No module publishes the ledger figures: ${missing.join(', ')}.`);
  return figures as LedgerFigures;
}

export function createLedgersModule(deps: {
  db: Db;
  /** Every module (read when a check first runs): the owners publish the figures it reads. */
  modules: () => FeatureModule[];
  log?: { warn(details: object, message: string): void };
  clock?: () => Date;
}) {
  let gathered: LedgerFigures | undefined;
  const figures = () => (gathered ??= gatherLedgerFigures(deps.modules()));
  const service = createLedgersService({
    repo: createLedgersRepo(deps.db),
    figures,
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    /** The owners' figures the reconciliation reads (tests compare against them). */
    figures,
    service,
    jobs: ledgersJobHandlers(service),
    // Every figure gathered before the workers start, so a figure no module publishes stops the
    // start with its name, not the first nightly check.
    beforeWorkers: async () => void figures(),
    devRoutes: (app) => registerLedgerDevRoutes(app, { ledgers: service }),
  } satisfies FeatureModule & { service: unknown; figures: unknown };
}
