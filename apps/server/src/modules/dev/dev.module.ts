/**
 * The sandbox's own routes: the outbox (providers/outbox/), where sandbox texts, emails and pushes
 * go instead of a phone or an inbox, readable at /api/dev/outbox by the person running Billow
 * locally.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isLoopbackHost } from '../../http/loopback';
import type { FeatureModule } from '../feature-module';
import { registerDevRoutes } from './dev.routes';
import { createOutboxRepo } from '../../providers/outbox/outbox';

export function createOutboxModule(deps: {
  db: Db;
  /** Where the server listens, and whether the outbox answers beyond this machine. */
  config: Pick<Config, 'host' | 'isOutboxPublic'>;
}) {
  const outbox = createOutboxRepo(deps.db);
  return {
    outbox,
    devRoutes: (app) =>
      registerDevRoutes(app, {
        outbox,
        isLoopbackOnly: isLoopbackHost(deps.config.host),
        isPublic: deps.config.isOutboxPublic,
      }),
    forget: ({ phoneNumber, email }) => outbox.deleteFor([phoneNumber, ...(email ? [email] : [])]),
  } satisfies FeatureModule & { outbox: unknown };
}
