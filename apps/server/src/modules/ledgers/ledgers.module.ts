/** The money ledgers' nightly reconciliation (docs/savings.md). */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { ledgersJobHandlers } from './ledgers.jobs';
import { createLedgersRepo } from './ledgers.repo';
import { registerLedgerDevRoutes } from './ledgers.routes';
import { createLedgersService, type LedgerFigures } from './ledgers.service';

export function createLedgersModule(deps: {
  db: Db;
  figures: LedgerFigures;
  balanceCents: (userId: string) => Promise<number>;
  /** Whether an address is this machine: the on-demand run answers nobody else. */
  isLoopback: (address: string) => boolean;
  log?: { warn(details: object, message: string): void };
  clock?: () => Date;
}) {
  const service = createLedgersService({
    repo: createLedgersRepo(deps.db),
    figures: deps.figures,
    balanceCents: deps.balanceCents,
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    /** The owners' figures the reconciliation reads (tests compare against them). */
    figures: deps.figures,
    service,
    jobs: ledgersJobHandlers(service),
    devRoutes: (app) =>
      registerLedgerDevRoutes(app, { ledgers: service, isLoopback: deps.isLoopback }),
  } satisfies FeatureModule & { service: unknown; figures: unknown };
}
