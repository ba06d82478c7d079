/**
 * The sandbox's own routes: the outbox (providers/outbox/), where sandbox texts, emails and pushes
 * go instead of a phone or an inbox, readable at /api/dev/outbox by the person running Billow
 * locally.
 */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { registerDevRoutes } from './dev.routes';
import { createOutboxRepo } from '../../providers/outbox/outbox';

export function createOutboxModule(deps: { db: Db; isLoopbackOnly: boolean; isPublic: boolean }) {
  const outbox = createOutboxRepo(deps.db);
  return {
    outbox,
    devRoutes: (app) =>
      registerDevRoutes(app, {
        outbox,
        isLoopbackOnly: deps.isLoopbackOnly,
        isPublic: deps.isPublic,
      }),
    forget: ({ phoneNumber, email }) => outbox.deleteFor([phoneNumber, ...(email ? [email] : [])]),
  } satisfies FeatureModule & { outbox: unknown };
}
