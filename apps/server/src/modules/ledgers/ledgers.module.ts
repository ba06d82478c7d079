/** The money ledgers' nightly reconciliation (docs/savings.md). */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { ledgersJobHandlers } from './ledgers.jobs';
import { createLedgersRepo } from './ledgers.repo';
import { createLedgersService } from './ledgers.service';

export function createLedgersModule(deps: {
  db: Db;
  balanceCents: (userId: string) => Promise<number>;
  log?: { warn(details: object, message: string): void };
  clock?: () => Date;
}) {
  const service = createLedgersService({
    repo: createLedgersRepo(deps.db),
    balanceCents: deps.balanceCents,
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    jobs: ledgersJobHandlers(service),
  } satisfies FeatureModule & { service: unknown };
}
